import { ShareText, type PublicShare } from '@atrium/protocol';
import { useId, useRef, useState } from 'react';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { listStatus } from '../ListStatus.tsx';
import { toastResult } from '../notify.ts';
import { useFocusAfterRemoval } from '../useFocusAfterRemoval.ts';
import { CopyField } from './CopyField.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { frameSnippet, sdkSnippet } from './snippet.ts';
import { locationLabels, qualityOptions, SharesText as T } from './texts.ts';
import { useShareMutations, useShares } from './useShares.ts';
import './shares.css';

const NO_SHARES: PublicShare[] = [];

const qualityLabel = (quality: number) =>
  qualityOptions.find((option) => option.value === quality)?.label ?? String(quality);

interface ShareCardProps {
  share: PublicShare;
  origin: string;
  onEdit: () => void;
  onRemove: () => void;
}

/** One share: what it shows, to whom, and the code that embeds it. */
function ShareCard({ share, origin, onEdit, onRemove }: ShareCardProps) {
  const titleId = useId();
  return (
    <li className="share-card">
      <article aria-labelledby={titleId}>
        <div className="share-card__head">
          <h3 id={titleId} className="share-card__title">
            {share.title}
          </h3>
          <div className="share-card__actions">
            <button
              type="button"
              className="button button--secondary admin-button--small"
              onClick={onEdit}
            >
              {T.edit}
              <span className="visually-hidden"> {T.forName(share.title)}</span>
            </button>
            <button
              type="button"
              className="button button--secondary admin-button--small admin-button--danger"
              onClick={onRemove}
            >
              {T.remove}
              <span className="visually-hidden"> {T.forName(share.title)}</span>
            </button>
          </div>
        </div>
        <dl className="share-facts">
          <div>
            <dt>{T.shareId}</dt>
            <dd>
              <code>{share.id}</code>
            </dd>
          </div>
          <div>
            <dt>{T.world}</dt>
            <dd>{share.world}</dd>
          </div>
          <div>
            <dt>{T.arrival}</dt>
            <dd>
              {share.default_location ? locationLabels[share.default_location] : T.arrivalDefault}
            </dd>
          </div>
          <div>
            <dt>{T.quality}</dt>
            <dd>{qualityLabel(share.default_quality)}</dd>
          </div>
          <div className="share-facts__wide">
            <dt>{T.origins}</dt>
            <dd>
              {share.allowed_origins.length === 0 ? (
                <span className="admin-muted">{T.onlyHere}</span>
              ) : (
                <ul className="share-origins-list">
                  {share.allowed_origins.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
        <div className="share-embed">
          <h4 className="share-embed__title">{T.embed}</h4>
          {share.allowed_origins.length === 0 && (
            <p className="share-embed__warning">{T.notAllowedYet}</p>
          )}
          <CopyField
            label={T.frameCode}
            owner={share.title}
            hint={T.frameHint}
            text={frameSnippet(origin, share)}
          />
          <CopyField
            label={T.sdkCode}
            owner={share.title}
            hint={T.sdkHint}
            text={sdkSnippet(origin, share)}
          />
        </div>
      </article>
    </li>
  );
}

/**
 * Shares and embedding (issue 29): each share with its settings and copyable embed code (a frame,
 * or the Player SDK); add and edit in a dialog, remove after saying what stops working.
 */
export function SharesPage() {
  const titleId = useId();
  const shares = useShares();
  const { remove } = useShareMutations();
  const dialogs = useDialogs();
  const [dialog, setDialog] = useState<{ share?: PublicShare } | null>(null);
  const rows = shares.data ?? NO_SHARES;
  const status = listStatus(shares, rows.length, T.none);
  const origin = window.location.origin;
  const addRef = useRef<HTMLButtonElement>(null);
  const focusWhenGone = useFocusAfterRemoval(
    rows.map((s) => s.id),
    addRef,
  );

  const removeShare = async (share: PublicShare) => {
    const confirmed = await dialogs.confirm({
      title: T.removeTitle(share.title),
      message: T.removeText(share.id, ShareText.unknownShare),
      confirmLabel: T.remove,
    });
    if (!confirmed) return;
    focusWhenGone(share.id);
    await toastResult(remove.mutateAsync(share.id));
  };

  return (
    <section className="admin-section shares" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <div className="shares__lead">
          <h2 id={titleId} className="admin-section__title">
            {T.title}
          </h2>
          <p className="admin-muted">{T.intro}</p>
        </div>
        <button
          ref={addRef}
          type="button"
          className="button button--primary"
          onClick={() => setDialog({})}
        >
          {T.add}
        </button>
      </div>
      {status ?? (
        <ul className="share-list" aria-busy={shares.isFetching || undefined}>
          {rows.map((share) => (
            <ShareCard
              key={share.id}
              share={share}
              origin={origin}
              onEdit={() => setDialog({ share })}
              onRemove={() => void removeShare(share)}
            />
          ))}
        </ul>
      )}
      {dialog && <ShareDialog share={dialog.share} onClose={() => setDialog(null)} />}
    </section>
  );
}
