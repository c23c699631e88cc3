import { catalogueItem, COIN_SYMBOL, WalletText } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { GAS_NOTE, WalletWebText } from './texts.ts';
import { useTransaction } from './useTransaction.ts';
import { failureText, useWallet, useWalletWords } from './useWallet.ts';
import { sendItemCall } from './chainClient.ts';
import './wallet.css';

/** The poster's NFT offer (SPEC §5: token id and price contain digits). */
export interface NftOffer {
  tokenId: string;
  /** Whole coins, as the poster states it. */
  price: string;
  title: string;
}

export interface BuyNftPopupProps {
  offer: NftOffer | null;
  onClose: () => void;
}

type Before = { phase: 'starting' } | { phase: 'linking' } | { phase: 'failed'; message: string };

/**
 * SPEC §8's NFT purchase popup: 'Purchasing NFT with your digital wallet' while the wallet and
 * the chain work, then 'Success' or 'Failed'. Links the wallet first (SIWE) when none is linked;
 * then `buyItem(tokenId, 1)`.
 */
function Purchase({ offer, onClose }: { offer: NftOffer; onClose: () => void }) {
  const wallet = useWallet({ holdings: false, catalogue: false });
  const config = wallet.config.data;
  const words = useWalletWords();
  const tx = useTransaction(config);
  const [before, setBefore] = useState<Before>({ phase: 'starting' });
  const started = useRef(false);
  const tokenId = Number(offer.tokenId);
  const name = catalogueItem(tokenId)?.name ?? offer.title;
  const price = `${offer.price} ${COIN_SYMBOL}`;

  const { isGuest, link, refresh } = wallet;
  const linked = wallet.linked;
  const configError = wallet.config.isError ? failureText(wallet.config.error) : null;
  useEffect(() => {
    if (started.current || isGuest || !config) return;
    started.current = true;
    void (async () => {
      if (!config.enabled) return setBefore({ phase: 'failed', message: WalletText.walletOff });
      let address = linked;
      if (!address) {
        setBefore({ phase: 'linking' });
        const data = await link();
        if (!data) return setBefore({ phase: 'failed', message: '' });
        address = data.address_account;
      }
      setBefore({ phase: 'starting' });
      await tx.run(name, (onStep) =>
        sendItemCall(config, address, { fn: 'buyItem', id: tokenId, amount: 1 }, onStep),
      );
      await refresh();
    })();
  }, [config, isGuest, link, linked, name, refresh, tokenId, tx]);

  if (isGuest) {
    return (
      <Outcome title={WalletText.failedTitle} onClose={onClose} tone="danger">
        <p role="alert">{WalletText.guest}</p>
      </Outcome>
    );
  }
  const failure =
    configError !== null
      ? configError
      : tx.state.phase === 'failed'
        ? tx.state.message
        : before.phase === 'failed'
          ? before.message || wallet.linkError || ''
          : null;
  if (failure !== null) {
    return (
      <Outcome title={WalletText.failedTitle} onClose={onClose} tone="danger">
        <p>{WalletText.failedBody}</p>
        {failure && (
          <p className="wallet-error" role="alert">
            {failure}
          </p>
        )}
      </Outcome>
    );
  }
  if (tx.state.phase === 'done') {
    return (
      <Outcome title={WalletText.successTitle} onClose={onClose} tone="success">
        <p role="status">{WalletText.successBody}</p>
        <p className="wallet-purchase__item">{WalletWebText.purchaseItem(name, price)}</p>
        {tx.state.explorer && (
          <a href={tx.state.explorer} target="_blank" rel="noopener noreferrer">
            {WalletWebText.viewExplorer}
          </a>
        )}
      </Outcome>
    );
  }
  const step =
    before.phase === 'linking'
      ? WalletWebText.purchaseLinking
      : tx.state.phase === 'confirming'
        ? words.confirming
        : WalletWebText.waitingWallet;
  // At a school, the fee the wallet shows is explained while it asks (issue 27).
  const gasNote = config?.audience === 'school' && tx.state.phase === 'wallet';
  const explorer = tx.state.phase === 'confirming' ? tx.state.explorer : null;
  return (
    <div className="wallet-purchase" aria-busy="true">
      <div className="popup__badge popup__badge--info" aria-hidden="true">
        <span className="spinner" />
      </div>
      <Dialog.Title className="dialog__title">{WalletText.purchasing}</Dialog.Title>
      <Dialog.Description className="wallet-purchase__item">
        {WalletWebText.purchaseItem(name, price)}
      </Dialog.Description>
      <p className="wallet-purchase__step" role="status">
        {step}
      </p>
      {gasNote && <p className="wallet-purchase__note">{GAS_NOTE}</p>}
      {explorer && (
        <a href={explorer} target="_blank" rel="noopener noreferrer">
          {WalletWebText.viewExplorer}
        </a>
      )}
      <div className="dialog__actions popup__actions">
        <Dialog.Close className="button button--secondary">{WalletWebText.close}</Dialog.Close>
      </div>
    </div>
  );
}

function Outcome({
  title,
  tone,
  onClose,
  children,
}: {
  title: string;
  tone: 'success' | 'danger';
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <div className="wallet-purchase">
      <div className={`popup__badge popup__badge--${tone}`} aria-hidden="true">
        {tone === 'success' ? '✓' : '!'}
      </div>
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="dialog__description popup__text">{children}</div>
      </Dialog.Description>
      <div className="dialog__actions popup__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {WalletWebText.close}
        </button>
      </div>
    </div>
  );
}

/** The purchase popup over the world; one purchase per opening. */
export function BuyNftPopup({ offer, onClose }: BuyNftPopupProps) {
  return (
    <PopupShell open={offer !== null} onDismiss={onClose} className="popup--message" modal>
      {offer && <Purchase key={`${offer.tokenId}`} offer={offer} onClose={onClose} />}
    </PopupShell>
  );
}
