import * as Dialog from '@radix-ui/react-dialog';
import {
  BODY_SHAPES,
  BOTTOM_COLOURS,
  CharacterText,
  encodeLook,
  HAIR_COLOURS,
  HAIR_STYLES,
  randomLook,
  SKIN_TONES,
  SPECIAL_LOOK_TOKENS,
  SPECIAL_LOOKS,
  TOP_COLOURS,
  type CharacterLook,
  type ColourOption,
  type LookOption,
  type SpecialLook,
} from '@atrium/protocol';
import {
  characterLookOf,
  createAvatarPreview,
  type AvatarPreview,
} from '@atrium/world/avatar-preview';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { readVisitLook, tokenSubject, writeVisitLook } from '../../shared/character/visitLook.ts';
import { useSessionState } from '../../shared/session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { useReducedMotion } from '../../shared/ui/useReducedMotion.ts';
import { useCharacterLook, useSaveLook } from './useCharacter.ts';
import './character.css';

export interface CharacterCustomiserProps {
  onClose: () => void;
}

type Loaded =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; guest: boolean; unlocked: SpecialLook[] };

type IndexPart = Exclude<keyof CharacterLook, 'special'>;

/** The customiser: a turning preview of the avatar and a picker for each part. */
export function CharacterCustomiser({ onClose }: CharacterCustomiserProps) {
  const { token } = useSessionState();
  const character = useCharacterLook();
  const saveLook = useSaveLook();
  // The person's changes; until the first, the pickers show the loaded look.
  const [edited, setLook] = useState<CharacterLook | null>(null);
  const [saving, setSaving] = useState(false);
  const optionsRef = useRef<HTMLDivElement>(null);
  const answer = character.data;
  const look = useMemo(() => {
    if (edited || !answer) return edited;
    const sub = token ? tokenSubject(token) : null;
    const visit = answer.guest && sub ? readVisitLook(sub) : null;
    const start = answer.look ?? characterLookOf(visit ?? answer.code);
    // A special look whose avatar is gone (sold, melted) is not offered as the current one.
    const special =
      start.special !== null && answer.unlocked.includes(start.special) ? start.special : null;
    return { ...start, special };
  }, [edited, answer, token]);
  const loaded: Loaded = character.isError
    ? { phase: 'failed', message: errorMessage(character.error, CharacterText.loadFailed) }
    : answer
      ? { phase: 'ready', guest: answer.guest, unlocked: answer.unlocked }
      : { phase: 'loading' };
  const ready = loaded.phase === 'ready';

  // Once the look has loaded, the keyboard starts on the first picker (the body shape chosen).
  useEffect(() => {
    if (ready) optionsRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [ready]);

  const handleSave = async () => {
    if (!look || loaded.phase !== 'ready') return;
    if (loaded.guest) {
      // Guests keep the look for this visit only: the world frame wears it from session storage.
      const sub = token ? tokenSubject(token) : null;
      if (sub) writeVisitLook(sub, encodeLook(look));
      notifySuccess(CharacterText.savedForVisit);
      onClose();
      return;
    }
    setSaving(true);
    try {
      await saveLook.mutateAsync(look);
      notifySuccess(CharacterText.saved);
      onClose();
    } catch (err) {
      notifyError(errorMessage(err, CharacterText.saveFailed));
      setSaving(false);
    }
  };

  const set = (part: IndexPart) => (value: number) =>
    setLook(look ? { ...look, [part]: value } : null);

  return (
    <PopupShell open onDismiss={onClose} className="popup--character" closeButton modal>
      <Dialog.Title className="dialog__title">{CharacterText.title}</Dialog.Title>
      {loaded.phase === 'ready' && loaded.guest ? (
        <Dialog.Description className="character__guest-note">
          {CharacterText.guestNote}
        </Dialog.Description>
      ) : (
        <Dialog.Description className="visually-hidden">{CharacterText.preview}</Dialog.Description>
      )}
      {loaded.phase === 'loading' && (
        <p role="status" className="character__status">
          {CharacterText.loading}
        </p>
      )}
      {loaded.phase === 'failed' && (
        <p role="alert" className="character__status character__status--error">
          {loaded.message}
        </p>
      )}
      {loaded.phase === 'ready' && look && (
        <div className="character">
          <Preview look={look} />
          <div className="character__options" ref={optionsRef}>
            <Choices
              legend={CharacterText.body}
              options={BODY_SHAPES}
              value={look.body}
              onChange={set('body')}
            />
            <Choices
              legend={CharacterText.skin}
              options={SKIN_TONES}
              value={look.skin}
              onChange={set('skin')}
            />
            <Choices
              legend={CharacterText.hairStyle}
              options={HAIR_STYLES}
              value={look.hairStyle}
              onChange={set('hairStyle')}
            />
            <Choices
              legend={CharacterText.hairColour}
              options={HAIR_COLOURS}
              value={look.hairColour}
              onChange={set('hairColour')}
            />
            <Choices
              legend={CharacterText.top}
              options={TOP_COLOURS}
              value={look.top}
              onChange={set('top')}
            />
            <Choices
              legend={CharacterText.bottom}
              options={BOTTOM_COLOURS}
              value={look.bottom}
              onChange={set('bottom')}
            />
            <Specials
              value={look.special}
              unlocked={loaded.unlocked}
              guest={loaded.guest}
              onChange={(special) => setLook({ ...look, special })}
            />
          </div>
        </div>
      )}
      <div className="dialog__actions character__actions">
        <button
          type="button"
          className="button button--secondary character__randomise"
          disabled={loaded.phase !== 'ready' || saving}
          onClick={() => setLook(randomLook())}
        >
          {CharacterText.randomise}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {CharacterText.cancel}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={loaded.phase !== 'ready' || saving}
          aria-busy={saving}
          onClick={() => void handleSave()}
        >
          {saving ? CharacterText.saving : CharacterText.save}
        </button>
      </div>
    </PopupShell>
  );
}

/** The live 3D preview: the world's own avatar model, turned by a drag or the arrow keys. */
function Preview({ look }: { look: CharacterLook }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const previewRef = useRef<AvatarPreview | null>(null);
  const reducedMotion = useReducedMotion();
  const code = encodeLook(look);
  const codeRef = useRef(code);
  const fallbackRef = useRef<HTMLParagraphElement>(null);

  // Declared before the preview is made, so the first look is known when it is.
  useEffect(() => {
    codeRef.current = code;
    previewRef.current?.setLook(code);
  }, [code]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    try {
      const preview = createAvatarPreview(canvas, codeRef.current, { reducedMotion });
      previewRef.current = preview;
      return () => {
        preview.dispose();
        previewRef.current = null;
      };
    } catch {
      // No WebGL: the pickers still work, and the preview says it cannot show.
      if (fallbackRef.current) fallbackRef.current.hidden = false;
      return undefined;
    }
  }, [reducedMotion]);

  const drag = useRef<number | null>(null);
  const handleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previewRef.current?.turn(-0.3);
    else if (event.key === 'ArrowRight') previewRef.current?.turn(0.3);
    else return;
    event.preventDefault();
  };

  return (
    <div className="character__preview" data-look={code}>
      <canvas
        ref={canvasRef}
        className="character__canvas"
        role="img"
        aria-label={CharacterText.preview}
        tabIndex={0}
        onKeyDown={handleKey}
        onPointerDown={(event) => {
          drag.current = event.clientX;
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (drag.current === null) return;
          previewRef.current?.turn((event.clientX - drag.current) * 0.012);
          drag.current = event.clientX;
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      />
      <p ref={fallbackRef} className="character__status" hidden>
        {CharacterText.previewUnavailable}
      </p>
    </div>
  );
}

function isColour(option: LookOption): option is ColourOption {
  return 'hex' in option;
}

/** One part's options as a radio group: colour swatches, or named chips. */
function Choices({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly LookOption[];
  value: number;
  onChange: (value: number) => void;
}) {
  const name = useId();
  const selected = options[value];
  return (
    <fieldset className="character__group">
      <legend className="character__legend">
        {legend}
        {selected && isColour(selected) && (
          <span className="character__current">: {selected.label}</span>
        )}
      </legend>
      <div className="character__choices">
        {options.map((option, i) => (
          <label
            key={option.id}
            className={isColour(option) ? 'character__swatch' : 'character__chip'}
            title={option.label}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={option.id}
              checked={value === i}
              onChange={() => onChange(i)}
            />
            {isColour(option) ? (
              <>
                <span
                  className="character__swatch-colour"
                  style={{ backgroundColor: option.hex }}
                  aria-hidden="true"
                />
                <span className="visually-hidden">{option.label}</span>
              </>
            ) : (
              <span className="character__chip-label">{option.label}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The looks avatar NFTs unlock: locked ones show a lock and what unlocks them. */
function Specials({
  value,
  unlocked,
  guest,
  onChange,
}: {
  value: SpecialLook | null;
  unlocked: readonly SpecialLook[];
  guest: boolean;
  onChange: (value: SpecialLook | null) => void;
}) {
  const name = useId();
  const hintId = useId();
  const locked = SPECIAL_LOOKS.filter((s) => !unlocked.includes(s));
  return (
    <fieldset
      className="character__group"
      aria-describedby={locked.length > 0 ? hintId : undefined}
    >
      <legend className="character__legend">{CharacterText.special}</legend>
      <div className="character__choices">
        <label className="character__chip">
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value="none"
            checked={value === null}
            onChange={() => onChange(null)}
          />
          <span className="character__chip-label">{CharacterText.noSpecial}</span>
        </label>
        {SPECIAL_LOOKS.map((special) => {
          const open = unlocked.includes(special);
          const label = SPECIAL_LOOK_TOKENS[special].name;
          return (
            <label
              key={special}
              className={`character__chip${open ? '' : ' character__chip--locked'}`}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={special}
                checked={value === special}
                disabled={!open}
                onChange={() => onChange(special)}
              />
              <span className="character__chip-label">
                {!open && <LockIcon />}
                {label}
                {!open && <span className="visually-hidden"> ({CharacterText.locked})</span>}
              </span>
            </label>
          );
        })}
      </div>
      {locked.length > 0 && (
        <ul id={hintId} className="character__hints">
          {guest ? (
            <li>{CharacterText.guestNoSpecial}</li>
          ) : (
            locked.map((special) => (
              <li key={special}>{CharacterText.lockedLook(SPECIAL_LOOK_TOKENS[special].name)}</li>
            ))
          )}
        </ul>
      )}
    </fieldset>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" className="character__lock">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}

export default CharacterCustomiser;
