import { hasNftOffer } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { useApi } from '../../../shared/api/useApi.ts';
import { MessagePopup } from './MessagePopup.tsx';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { ArticleText } from './ArticleText.tsx';
import { fetchPosterDetail, safePrintUrl, type PosterDetail } from './posterDetail.ts';
import { MetaverseText } from './texts.ts';

export interface PosterPopupProps {
  /** The poster to show; null keeps the popup closed. */
  posterId: number | null;
  /** CLOSE, Escape or a click outside. */
  onClose: () => void;
  /** BUY NFT. Until the wallet exists, the default says it arrives later. */
  onBuyNft?: (poster: PosterDetail) => void;
  zIndex?: number;
}

const text = MetaverseText.poster;

/** The detail of the poster being shown; idle while `posterId` is null. */
function usePosterDetail(posterId: number | null) {
  const client = useApi();
  return useQuery({
    queryKey: ['posters', 'detail', posterId],
    queryFn: () =>
      posterId === null
        ? Promise.reject(new Error('No poster to load.'))
        : fetchPosterDetail(client, posterId),
    enabled: posterId !== null,
    // A missing poster will not appear by asking again; a dropped connection might.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

function PosterSkeleton() {
  return (
    <div className="poster poster--loading" aria-busy="true">
      <div className="poster__media skeleton" />
      <div className="poster__info">
        <Dialog.Title className="visually-hidden">{text.loading}</Dialog.Title>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
        <p className="poster__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {text.loading}
        </p>
      </div>
    </div>
  );
}

function PosterFailure() {
  return (
    <div className="poster-failure">
      <div className="popup__badge popup__badge--danger" aria-hidden="true">
        !
      </div>
      <Dialog.Title className="dialog__title">{text.fallbackTitle}</Dialog.Title>
      <Dialog.Description className="dialog__description" role="alert">
        {text.unableToLoadDetail}
      </Dialog.Description>
      <div className="dialog__actions popup__actions">
        <Dialog.Close className="button button--primary">{text.close}</Dialog.Close>
      </div>
    </div>
  );
}

function PosterView({ poster, onBuyNft }: { poster: PosterDetail; onBuyNft: () => void }) {
  const printUrl = safePrintUrl(poster.url);
  const nft = hasNftOffer(poster.token_id, poster.token_price);
  return (
    <div className="poster">
      <div className="poster__media">
        <img className="poster__image" src={poster.image} alt={poster.title} />
      </div>
      <div className="poster__info">
        <Dialog.Title className="dialog__title poster__title">{poster.title}</Dialog.Title>
        {nft && (
          <p className="poster__nft">
            {text.nftOffer(poster.token_id ?? '', poster.token_price ?? '')}
          </p>
        )}
        <Dialog.Description asChild>
          <ArticleText className="popup__text poster__text" text={poster.description} />
        </Dialog.Description>
        <div className="poster__actions">
          {printUrl && (
            <a
              className="button button--primary"
              href={printUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {text.buyPrint}
              <span className="visually-hidden"> {text.opensInNewTab}</span>
            </a>
          )}
          {nft && (
            <button type="button" className="button button--nft" onClick={onBuyNft}>
              {text.buyNft}
            </button>
          )}
          <Dialog.Close className="button button--secondary">{text.close}</Dialog.Close>
        </div>
      </div>
    </div>
  );
}

/**
 * SPEC §2 "Poster description popup": the poster's picture, title and description, with BUY THIS
 * PRINT (the print shop, in a new tab), BUY NFT (only with an NFT offer) and CLOSE. A failed load
 * shows 'Unable to load detail.' (SPEC §8).
 */
export function PosterPopup({ posterId, onClose, onBuyNft, zIndex }: PosterPopupProps) {
  const detail = usePosterDetail(posterId);
  const [nftInfoOpen, setNftInfoOpen] = useState(false);
  // The wallet note belongs to this showing of the poster only.
  if (posterId === null && nftInfoOpen) setNftInfoOpen(false);

  const handleBuyNft = () => {
    if (!detail.data) return;
    if (onBuyNft) onBuyNft(detail.data);
    else setNftInfoOpen(true);
  };

  return (
    <PopupShell
      open={posterId !== null}
      onDismiss={onClose}
      // The failure is a short message: keep it at the app's usual dialog width.
      className={detail.isError ? undefined : 'popup--poster'}
      zIndex={zIndex}
      described={detail.isSuccess || detail.isError}
    >
      {detail.isError ? (
        <PosterFailure />
      ) : detail.data ? (
        <PosterView poster={detail.data} onBuyNft={handleBuyNft} />
      ) : (
        <PosterSkeleton />
      )}
      <MessagePopup
        open={nftInfoOpen}
        onClose={() => setNftInfoOpen(false)}
        title={text.nftLaterTitle}
        message={text.nftLaterMessage}
        zIndex={zIndex}
      />
    </PopupShell>
  );
}
