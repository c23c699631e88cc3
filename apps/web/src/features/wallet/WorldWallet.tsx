import { lazy, Suspense } from 'react';
import type { NftOffer } from './BuyNftPopup.tsx';

// The purchase and the inventory load with the wallet's code on first use, not with the world.
const BuyNftPopup = lazy(() =>
  import('./BuyNftPopup.tsx').then((m) => ({ default: m.BuyNftPopup })),
);
const InventoryPopup = lazy(() =>
  import('./InventoryPopup.tsx').then((m) => ({ default: m.InventoryPopup })),
);

/** What the world's host page asks of the wallet: its popups, rendered when open. */
export interface WorldWalletSlots {
  inventory: (props: { open: boolean; title: string; onClose: () => void }) => React.ReactNode;
  buyNft: (props: { offer: NftOffer | null; onClose: () => void }) => React.ReactNode;
}

export const worldWalletSlots: WorldWalletSlots = {
  inventory: ({ open, title, onClose }) =>
    open ? (
      <Suspense fallback={null}>
        <InventoryPopup open title={title} onClose={onClose} />
      </Suspense>
    ) : null,
  buyNft: ({ offer, onClose }) =>
    offer ? (
      <Suspense fallback={null}>
        <BuyNftPopup offer={offer} onClose={onClose} />
      </Suspense>
    ) : null,
};
