import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../shared/ui/TextField.tsx';
import { isAddressText, parseAmount } from './format.ts';
import { WalletWebText } from './texts.ts';

export interface TransferFormProps {
  symbol: string;
  busy: boolean;
  /** Sends `value` wei to `to`; resolves true when the chain has it. */
  onSend: (to: `0x${string}`, value: bigint) => Promise<boolean>;
}

/** SPEC §7's native coin transfer: an address and an amount, checked before the wallet asks. */
export function TransferForm({ symbol, busy, onSend }: TransferFormProps) {
  const id = useId();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ to?: string; amount?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    const next = {
      to: isAddressText(to) ? undefined : WalletWebText.transferBadAddress,
      amount: value !== null && value > 0n ? undefined : WalletWebText.transferBadAmount,
    };
    setErrors(next);
    if (next.to || next.amount || value === null) return;
    void onSend(to.trim() as `0x${string}`, value).then((sent) => {
      if (sent) {
        setTo('');
        setAmount('');
      }
    });
  };

  return (
    <section className="wallet-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wallet-section__title">
        {WalletWebText.transferTitle}
      </h3>
      <form className="wallet-transfer" noValidate onSubmit={handleSubmit}>
        <TextField
          label={WalletWebText.transferTo}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          error={errors.to}
        />
        <TextField
          label={WalletWebText.transferAmount(symbol)}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder="0.1"
          autoComplete="off"
          error={errors.amount}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {WalletWebText.transferSend}
        </button>
      </form>
    </section>
  );
}
