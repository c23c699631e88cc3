import * as Dialog from '@radix-ui/react-dialog';
import { routeUrl, ScreenshotsApi, type Screenshot } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { POPUP_Z_INDEX, PopupShell } from '../../shared/ui/PopupShell.tsx';
import { AuthedImage } from './AuthedImage.tsx';
import { photoTitle } from './format.ts';
import {
  SHARE_TARGETS,
  SHARE_TARGET_LABELS,
  sharePopupFeatures,
  shareTargetUrl,
  type ShareTarget,
} from './shareTargets.ts';
import { AlbumText } from './texts.ts';
import { useAlbumMutations, useShareLink } from './useAlbum.ts';

export interface ShareModalProps {
  photo: Screenshot;
  onClose: () => void;
}

type LiveLink = { state: 'ready'; token: string; url: string };
type Link =
  | { state: 'checking' }
  | { state: 'none' }
  | { state: 'creating' }
  | LiveLink
  | { state: 'revoked' };

/**
 * SPEC §2 Share modal: preview, six targets, copy link, revoke link. Opening it makes no public
 * link: photos of students are personal data, so the link is made only when the owner picks a
 * target or copies it, and the dialog says so.
 */
export function ShareModal({ photo, onClose }: ShareModalProps) {
  const { showError } = useDialogs();
  const live = useShareLink(photo._id);
  const { share, unshare } = useAlbumMutations();
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const busy = unshare.isPending;

  const link: Link = revoked
    ? { state: 'revoked' }
    : share.isPending
      ? { state: 'creating' }
      : live.isPending
        ? { state: 'checking' }
        : live.data
          ? { state: 'ready', ...live.data }
          : { state: 'none' };

  const checkFailed = live.isError ? live.error : null;
  useEffect(() => {
    if (checkFailed === null) return;
    void showError({ message: errorMessage(checkFailed) });
    onClose();
  }, [checkFailed, showError, onClose]);

  const ensureLink = async (): Promise<LiveLink | null> => {
    if (link.state === 'ready') return link;
    try {
      return { state: 'ready', ...(await share.mutateAsync(photo._id)) };
    } catch (error: unknown) {
      void showError({ message: errorMessage(error) });
      return null;
    }
  };

  const targetAddress = (target: ShareTarget, made: LiveLink) =>
    shareTargetUrl(target, {
      url: made.url,
      text: AlbumText.shareText,
      subject: AlbumText.shareSubject,
      imageUrl: new URL(
        routeUrl(ScreenshotsApi.publicPhoto, { params: { token: made.token } }),
        made.url,
      ).href,
    });

  const handleTarget = async (target: ShareTarget) => {
    const features = (detached: boolean) =>
      sharePopupFeatures(
        window.screenX,
        window.screenY,
        window.outerWidth,
        window.outerHeight,
        detached,
      );
    if (link.state === 'ready') {
      window.open(targetAddress(target, link), `share_${target}`, features(true));
      return;
    }
    // A pop-up opened after an await is blocked, so it opens now, blank, and is sent on once the
    // link exists.
    const popup = window.open('about:blank', `share_${target}`, features(false));
    const made = await ensureLink();
    if (!popup) return;
    if (!made) {
      popup.close();
      return;
    }
    popup.opener = null;
    popup.location.replace(targetAddress(target, made));
  };

  const handleCopy = async () => {
    const made = await ensureLink();
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(true);
    } catch {
      // No clipboard (permission, insecure page): the link is selected for copying by hand.
      setCopied(false);
      urlRef.current?.focus();
    }
  };

  const handleRevoke = async () => {
    if (busy) return;
    try {
      await unshare.mutateAsync(photo._id);
      setRevoked(true);
    } catch (error: unknown) {
      void showError({ message: errorMessage(error) });
    }
  };

  const ready = link.state === 'ready';
  const waiting = link.state === 'checking' || link.state === 'creating';
  return (
    <PopupShell
      open
      onDismiss={onClose}
      className="album-share"
      closeButton
      zIndex={POPUP_Z_INDEX + 1}
    >
      <Dialog.Title className="dialog__title">{AlbumText.shareTitle}</Dialog.Title>
      <Dialog.Description className="dialog__description">{AlbumText.shareLead}</Dialog.Description>
      <AuthedImage
        path={photo.image_thumb}
        alt={photoTitle(photo)}
        className="album-share__preview"
      />
      {link.state === 'revoked' ? (
        <p className="album-share__status" role="status">
          {AlbumText.revoked}
        </p>
      ) : (
        <>
          <p className="album-share__status album-share__privacy" role="status">
            {shareStatusText(link.state)}
          </p>
          <ul className="album-share__targets">
            {SHARE_TARGETS.map((target) => (
              <li key={target}>
                <button
                  type="button"
                  className={`album-share__target album-share__target--${target}`}
                  disabled={waiting}
                  onClick={() => void handleTarget(target)}
                  aria-label={AlbumText.shareOn(SHARE_TARGET_LABELS[target])}
                >
                  {SHARE_TARGET_LABELS[target]}
                </button>
              </li>
            ))}
          </ul>
          <div className="album-share__link">
            {ready && (
              <input
                ref={urlRef}
                className="album-share__url"
                readOnly
                value={link.url}
                aria-label={AlbumText.linkLabel}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={waiting}
              onClick={() => void handleCopy()}
            >
              {copied ? AlbumText.copied : AlbumText.copyLink}
            </button>
          </div>
          {ready && (
            <div className="popup__actions album-share__actions">
              <button
                type="button"
                className="button album-button--danger"
                disabled={busy}
                onClick={() => void handleRevoke()}
              >
                {AlbumText.revokeLink}
              </button>
            </div>
          )}
        </>
      )}
    </PopupShell>
  );
}

function shareStatusText(state: Exclude<Link['state'], 'revoked'>): string {
  switch (state) {
    case 'checking':
      return AlbumText.checkingLink;
    case 'creating':
      return AlbumText.preparingLink;
    case 'none':
      return AlbumText.shareNoLinkYet;
    case 'ready':
      return AlbumText.shareLinkLive;
    default: {
      const never: never = state;
      throw new Error(`Unknown link state: ${String(never)}`);
    }
  }
}
