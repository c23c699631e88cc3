import type { WalletConfig } from '@atrium/protocol';
import { useCallback, useRef, useState } from 'react';
import { explorerTxUrl, walletErrorMessage, type TxStep } from './chainClient.ts';

/** A transaction's life as the screen shows it. */
export type TxState =
  | { phase: 'idle' }
  | { phase: 'wallet'; label: string }
  | { phase: 'confirming'; label: string; hash: string; explorer: string | null }
  | { phase: 'done'; label: string; hash: string; explorer: string | null }
  | { phase: 'failed'; label: string; message: string; hash: string | null };

/** Runs one transaction at a time and reports each step: wallet, chain, done or failed. */
export function useTransaction(config: WalletConfig | undefined) {
  const [state, setState] = useState<TxState>({ phase: 'idle' });
  const busy = useRef(false);

  const run = useCallback(
    async (label: string, send: (onStep: (step: TxStep) => void) => Promise<string>) => {
      if (busy.current) return false;
      busy.current = true;
      let hash: string | null = null;
      try {
        hash = await send((step) => {
          if (step.step === 'wallet') setState({ phase: 'wallet', label });
          else {
            hash = step.hash;
            const explorer = config ? explorerTxUrl(config, step.hash) : null;
            setState({ phase: 'confirming', label, hash: step.hash, explorer });
          }
        });
        setState({
          phase: 'done',
          label,
          hash,
          explorer: config ? explorerTxUrl(config, hash) : null,
        });
        return true;
      } catch (error) {
        setState({ phase: 'failed', label, message: walletErrorMessage(error), hash });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [config],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, run, reset, pending: state.phase === 'wallet' || state.phase === 'confirming' };
}
