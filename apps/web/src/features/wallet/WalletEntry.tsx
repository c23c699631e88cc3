import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { WALLET_NAV_LABEL } from './entryText.ts';
import './walletSession.ts';

/** The wallet and viem load when the wallet is first opened, never with the page. */
const WalletDialog = lazy(() =>
  import('./WalletPanel.tsx').then((m) => ({ default: m.WalletDialog })),
);

/** The top navigation's "Wallet" item, for anyone signed in (guests see why they cannot). */
export function WalletEntry() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <li className="top-nav__item">
      <button
        type="button"
        className="top-nav__link top-nav__album"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {WALLET_NAV_LABEL}
      </button>
      {open && (
        <Suspense fallback={null}>
          <WalletDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}
