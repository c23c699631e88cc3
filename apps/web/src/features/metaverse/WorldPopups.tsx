import {
  FullscreenRecommendation,
  MessagePopup,
  PosterPopup,
  TutorialPopup,
} from './popups/index.ts';
import { WorldText } from './texts.ts';
import type { ReactNode } from 'react';

/** A poster's NFT offer, as the purchase popup takes it. */
export interface NftOffer {
  tokenId: string;
  price: string;
  title: string;
}

/** The wallet's popups in the world (the wallet feature's, placed by the app). */
export interface WorldWalletPopups {
  /** The inventory (I): items and avatars owned. */
  inventory: (props: { open: boolean; title: string; onClose: () => void }) => ReactNode;
  /** The NFT purchase popup (SPEC §8), opened by a poster's BUY NFT. */
  buyNft: (props: { offer: NftOffer | null; onClose: () => void }) => ReactNode;
}

/** The popup open over the world, if any. */
export type Popup =
  { kind: 'poster'; id: number } | { kind: 'inventory' } | { kind: 'nft'; offer: NftOffer } | null;

/**
 * The popups of the metaverse page: the tutorial, a poster, the inventory and NFT purchase
 * (the wallet's, or plain notes without it), and the fullscreen recommendation.
 */
export function WorldPopups({
  popup,
  onPopup,
  tutorialOpen,
  touch,
  onTutorialClose,
  wallet,
  fullscreenOpen,
  onFullscreenClose,
  onFullscreen,
}: {
  popup: Popup;
  onPopup: (popup: Popup) => void;
  tutorialOpen: boolean;
  touch: boolean;
  onTutorialClose: (dontShowAgain: boolean) => void;
  wallet: WorldWalletPopups | undefined;
  fullscreenOpen: boolean;
  onFullscreenClose: () => void;
  onFullscreen: () => void;
}) {
  const close = () => onPopup(null);
  return (
    <>
      <TutorialPopup open={tutorialOpen} touch={touch} onClose={onTutorialClose} />
      <PosterPopup
        posterId={popup?.kind === 'poster' ? popup.id : null}
        onClose={close}
        onBuyNft={(poster) =>
          onPopup({
            kind: 'nft',
            offer: {
              tokenId: poster.token_id ?? '',
              price: poster.token_price ?? '',
              title: poster.title,
            },
          })
        }
      />
      {wallet ? (
        <>
          {wallet.inventory({
            open: popup?.kind === 'inventory',
            title: WorldText.inventoryTitle,
            onClose: close,
          })}
          {wallet.buyNft({
            offer: popup?.kind === 'nft' ? popup.offer : null,
            onClose: close,
          })}
        </>
      ) : (
        <>
          <MessagePopup
            open={popup?.kind === 'inventory'}
            onClose={close}
            title={WorldText.inventoryTitle}
            message={WorldText.inventoryEmpty}
          />
          <MessagePopup
            open={popup?.kind === 'nft'}
            onClose={close}
            title={WorldText.nftSoon}
            message={WorldText.nftSoonBody}
          />
        </>
      )}
      <FullscreenRecommendation
        open={fullscreenOpen}
        onClose={onFullscreenClose}
        onFullscreen={onFullscreen}
      />
    </>
  );
}
