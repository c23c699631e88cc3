import { WalletText, type OwnedItem } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { CatalogueList, type CatalogueEntry } from './CatalogueList.tsx';
import { ItemList } from './ItemList.tsx';
import { TransferForm } from './TransferForm.tsx';
import { TxStatus } from './TxStatus.tsx';
import { WalletSummary } from './WalletSummary.tsx';
import { WalletWebText } from './texts.ts';
import { useTransaction } from './useTransaction.ts';
import { failureText, useWallet, useWalletWords, type WalletModel } from './useWallet.ts';
import { sendItemCall, sendNative, type ItemCall } from './chainClient.ts';
import './wallet.css';

function Notice({ title, body, alert = false }: { title: string; body: string; alert?: boolean }) {
  return (
    <div className="wallet-notice">
      <h3 className="wallet-section__title">{title}</h3>
      <p role={alert ? 'alert' : undefined}>{body}</p>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p className="wallet-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

function LinkPrompt({ wallet }: { wallet: WalletModel }) {
  const words = useWalletWords();
  return (
    <div className="wallet-notice">
      <h3 className="wallet-section__title">{WalletWebText.notLinkedTitle}</h3>
      <p>{words.notLinkedBody}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={wallet.linking}
        aria-busy={wallet.linking || undefined}
        onClick={() => void wallet.link()}
      >
        {wallet.linking && <span className="spinner" aria-hidden="true" />}
        {wallet.linking ? WalletWebText.linking : WalletWebText.link}
      </button>
      {wallet.linkError && (
        <p className="wallet-error" role="alert">
          {wallet.linkError}
        </p>
      )}
    </div>
  );
}

/**
 * The linked wallet: summary, the last transaction, items, avatars, catalogue and, for the
 * public, the native coin transfer (a school has none: issue 27).
 */
function LinkedWallet({ wallet, address }: { wallet: WalletModel; address: string }) {
  const config = wallet.config.data;
  const tx = useTransaction(config);
  const words = useWalletWords();
  if (!config) return null;
  const holdings = wallet.holdings.data;

  const send = (label: string, call: ItemCall) =>
    void tx
      .run(label, (onStep) => sendItemCall(config, address, call, onStep))
      .then(() => wallet.refresh());
  const handleMelt = (item: OwnedItem) =>
    send(`${words.melt} ${item.name}`, { fn: 'meltItem', id: item.id, amount: 1 });
  const handleGetFree = (entry: CatalogueEntry) =>
    send(`${words.getFree}: ${entry.name}`, { fn: 'freeGetItem', id: entry.id });
  const handleMint = (entry: CatalogueEntry) =>
    send(`${words.mint} ${entry.name}`, { fn: 'mintAvatar', id: entry.id });
  const handleBuy = (entry: CatalogueEntry) =>
    send(`${WalletWebText.buy} ${entry.name}`, { fn: 'buyItem', id: entry.id, amount: 1 });
  const handleTransfer = async (to: `0x${string}`, value: bigint) => {
    const sent = await tx.run(WalletWebText.transferTitle, (onStep) =>
      sendNative(config, address, to, value, onStep),
    );
    await wallet.refresh();
    return sent;
  };

  return (
    <>
      <WalletSummary config={config} address={address} holdings={holdings} />
      {wallet.holdings.isError ? (
        <div className="wallet-notice">
          <p role="alert">{failureText(wallet.holdings.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void wallet.holdings.refetch()}
          >
            {WalletWebText.retry}
          </button>
        </div>
      ) : !holdings ? (
        <Loading label={WalletWebText.loading} />
      ) : (
        <div className="wallet-columns">
          <ItemList
            title={WalletWebText.owned}
            items={holdings.items}
            empty={words.ownedEmpty}
            onMelt={handleMelt}
            busy={tx.pending}
          />
          <ItemList
            title={WalletWebText.avatars}
            items={holdings.avatars}
            empty={words.avatarsEmpty}
          />
        </div>
      )}
      {wallet.catalogue.data && (
        <CatalogueList
          entries={wallet.catalogue.data}
          holdings={holdings}
          busy={tx.pending}
          onGetFree={handleGetFree}
          onMint={handleMint}
          onBuy={handleBuy}
        />
      )}
      {config.audience === 'public' && (
        <TransferForm symbol={config.native_symbol} busy={tx.pending} onSend={handleTransfer} />
      )}
      <div className="wallet-footer">
        <button
          type="button"
          className="wallet-link-button"
          disabled={tx.pending}
          onClick={() => void wallet.unlink()}
        >
          {WalletWebText.unlink}
        </button>
      </div>
      {/* Last, and sticky: the transaction's state stays in view wherever its button was. */}
      <TxStatus state={tx.state} onDismiss={tx.reset} />
    </>
  );
}

function WalletBody() {
  const wallet = useWallet();
  if (wallet.isGuest)
    return <Notice title={WalletWebText.guestTitle} body={WalletText.guest} alert />;
  if (wallet.config.isPending) return <Loading label={WalletWebText.loading} />;
  if (wallet.config.isError) {
    return (
      <div className="wallet-notice">
        <p role="alert">{failureText(wallet.config.error)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void wallet.config.refetch()}
        >
          {WalletWebText.retry}
        </button>
      </div>
    );
  }
  if (!wallet.config.data.enabled) {
    return <Notice title={WalletWebText.walletOffTitle} body={WalletText.walletOff} />;
  }
  if (!wallet.linked) return <LinkPrompt wallet={wallet} />;
  return <LinkedWallet wallet={wallet} address={wallet.linked} />;
}

/** The wallet dialog (SPEC §1, §7): the whole wallet, loaded when first opened. */
export function WalletDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const words = useWalletWords();
  return (
    <PopupShell open={open} onDismiss={onClose} className="popup--wallet" closeButton>
      <Dialog.Title className="dialog__title">{WalletWebText.panelTitle}</Dialog.Title>
      <Dialog.Description className="dialog__description">{words.panelIntro}</Dialog.Description>
      <div className="wallet-panel">
        <WalletBody />
      </div>
    </PopupShell>
  );
}
