import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ganache from 'ganache';
import { DEV_ACCOUNTS, LOCAL_CHAIN_ID } from './constants.ts';

export interface LocalChainOptions {
  /** The app's data directory; the chain keeps its state in `<dataDir>/chain/db`. */
  dataDir: string;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Receives ganache's own log lines (it is quiet unless given this). */
  log?: (line: string) => void;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  close(): Promise<void>;
}

/** Native coin each dev account gets at genesis: 1000 ETH, in wei. */
const GENESIS_BALANCE = `0x${(1000n * 10n ** 18n).toString(16)}`;

/** The ganache options shared by the server and the in-process provider the tests use. */
export function ganacheOptions(dbPath: string | undefined, log?: (line: string) => void) {
  return {
    chain: { chainId: LOCAL_CHAIN_ID, hardfork: 'shanghai' as const, vmErrorsOnRPCResponse: false },
    ...(dbPath ? { database: { dbPath } } : {}),
    // Every transaction is mined as it arrives, and its receipt is ready when the hash returns.
    miner: { instamine: 'eager' as const },
    logging: log
      ? {
          quiet: false,
          verbose: false,
          logger: { log: (...parts: unknown[]) => log(parts.map(String).join(' ')) },
        }
      : { quiet: true },
    wallet: {
      // Locked: the node signs nothing itself (no eth_sendTransaction from the dev accounts through
      // an RPC proxy); every transaction comes signed (eth_sendRawTransaction).
      lock: true,
      accounts: [
        { secretKey: DEV_ACCOUNTS.deployer.privateKey, balance: GENESIS_BALANCE },
        { secretKey: DEV_ACCOUNTS.demo.privateKey, balance: GENESIS_BALANCE },
      ],
    },
  };
}

/**
 * Starts ganache in this process as a JSON-RPC server on `host:port`, its state in
 * `<dataDir>/chain/db` so contracts and balances survive a restart.
 */
export async function startLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const dbPath = join(options.dataDir, 'chain', 'db');
  mkdirSync(dbPath, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  const server = ganache.server(ganacheOptions(dbPath, options.log));
  await server.listen(options.port ?? 0, host);
  const { port } = server.address();
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    rpcUrl: `http://${urlHost}:${port}`,
    chainId: LOCAL_CHAIN_ID,
    close: () => server.close(),
  };
}
