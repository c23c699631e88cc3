import * as Dialog from '@radix-ui/react-dialog';
import { PUBLIC_PHOTO_PATH, type Screenshot } from '@atrium/protocol';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { POPUP_Z_INDEX, PopupShell } from '../metaverse/popups/PopupShell.tsx';
import type { AlbumApi } from './albumApi.ts';
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

export interface ShareModalProps {
  api: AlbumApi;
  photo: Screenshot;
  onClose: () => void;
}

type Link =
  { state: 'loading' } | { state: 'ready'; token: string; url: string } | { state: 'revoked' };

/** SPEC §2 Share modal: preview, six targets, copy link, revoke link. */
export function ShareModal({ api, photo, onClose }: ShareModalProps) {
  const { showError } = useDialogs();
  const [link, setLink] = useState<Link>({ state: 'loading' });
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.share(photo._id).then(
      (data) => {
        if (live) setLink({ state: 'ready', ...data });
      },
      (error: unknown) => {
        if (!live) return;
        void showError({ message: errorMessage(error) });
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [api, photo._id, showError, onClose]);

  const handleTarget = (target: ShareTarget) => {
    if (link.state !== 'ready') return;
    const imageUrl = `${new URL(link.url).origin}${PUBLIC_PHOTO_PATH}/${link.token}`;
    const address = shareTargetUrl(target, {
      url: link.url,
      text: AlbumText.shareText,
      subject: AlbumText.shareSubject,
      imageUrl,
    });
    window.open(
      address,
      `share_${target}`,
      sharePopupFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight),
    );
  };

  const handleCopy = async () => {
    if (link.state !== 'ready') return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const handleRevoke = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.unshare(photo._id);
      setLink({ state: 'revoked' });
    } catch (error: unknown) {
      void showError({ message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const ready = link.state === 'ready';
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
        api={api}
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
          <ul className="album-share__targets">
            {SHARE_TARGETS.map((target) => (
              <li key={target}>
                <button
                  type="button"
                  className={`album-share__target album-share__target--${target}`}
                  disabled={!ready}
                  onClick={() => handleTarget(target)}
                  aria-label={AlbumText.shareOn(SHARE_TARGET_LABELS[target])}
                >
                  {SHARE_TARGET_LABELS[target]}
                </button>
              </li>
            ))}
          </ul>
          <div className="album-share__link">
            <input
              className="album-share__url"
              readOnly
              value={ready ? link.url : AlbumText.preparingLink}
              aria-label={AlbumText.copyLink}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={!ready}
              onClick={() => void handleCopy()}
            >
              {copied ? AlbumText.copied : AlbumText.copyLink}
            </button>
          </div>
          <div className="popup__actions album-share__actions">
            <button
              type="button"
              className="button album-button--danger"
              disabled={!ready || busy}
              onClick={() => void handleRevoke()}
            >
              {AlbumText.revokeLink}
            </button>
          </div>
        </>
      )}
    </PopupShell>
  );
}
