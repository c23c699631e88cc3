import { WalletText } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { ItemList } from './ItemList.tsx';
import { WalletWebText } from './texts.ts';
import { failureText, useWallet, useWalletWords } from './useWallet.ts';
import './wallet.css';

function InventoryBody({ title }: { title: string }) {
  const wallet = useWallet({ catalogue: false });
  const words = useWalletWords();
  let body: ReactNode;
  if (wallet.isGuest) body = <p role="alert">{WalletText.guest}</p>;
  else if (wallet.config.isError) body = <p role="alert">{failureText(wallet.config.error)}</p>;
  else if (wallet.config.data && !wallet.config.data.enabled) body = <p>{WalletText.walletOff}</p>;
  else if (wallet.config.isSuccess && !wallet.linked)
    body = <p>{WalletWebText.inventoryNotLinked}</p>;
  else if (wallet.holdings.isError) body = <p role="alert">{failureText(wallet.holdings.error)}</p>;
  else if (!wallet.holdings.data) {
    body = (
      <p className="wallet-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {WalletWebText.loading}
      </p>
    );
  } else if (wallet.holdings.data.items.length + wallet.holdings.data.avatars.length === 0) {
    body = (
      <div className="wallet-notice">
        <h3 className="wallet-section__title">{WalletWebText.inventoryEmptyTitle}</h3>
        <p>{words.inventoryHowTo}</p>
      </div>
    );
  } else {
    body = (
      <div className="wallet-columns">
        <ItemList
          title={WalletWebText.owned}
          items={wallet.holdings.data.items}
          empty={words.inventoryHowTo}
        />
        <ItemList
          title={WalletWebText.avatars}
          items={wallet.holdings.data.avatars}
          empty={words.inventoryAvatarsEmpty}
        />
      </div>
    );
  }
  return (
    <>
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="dialog__description popup__text wallet-panel">{body}</div>
      </Dialog.Description>
      <div className="dialog__actions popup__actions">
        <Dialog.Close className="button button--primary">{WalletWebText.close}</Dialog.Close>
      </div>
    </>
  );
}

/** The inventory (I) in the world: the items and avatars the linked wallet owns on the chain. */
export function InventoryPopup({
  open,
  title,
  onClose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
}) {
  return (
    <PopupShell open={open} onDismiss={onClose} className="popup--inventory">
      {open && <InventoryBody title={title} />}
    </PopupShell>
  );
}
