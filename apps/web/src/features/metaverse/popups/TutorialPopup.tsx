import { EMOTE_KEYS, EMOTES, type Emote } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { MetaverseText, type TouchControl, type TutorialControl } from './texts.ts';

export interface TutorialPopupProps {
  open: boolean;
  /**
   * Got it, the corner ×, Escape or a click outside; `dontShowAgain` is the checkbox, for the
   * caller to remember with `dismissTutorial`.
   */
  onClose: (dontShowAgain: boolean) => void;
  /** The mobile page's version: joystick, taps, pinch and the emote and photo buttons. */
  touch?: boolean;
  zIndex?: number;
}

const text = MetaverseText.tutorial;
const touchText = MetaverseText.touchTutorial;

/** The number key of each emote, from the protocol's key map ('1'…'9', then '0'). */
const KEY_OF_EMOTE = Object.fromEntries(
  Object.entries(EMOTE_KEYS).map(([key, emote]) => [emote, key]),
) as Record<Emote, string>;

const SLIDES = [
  { title: text.controlTitle, description: text.controlDescription },
  { title: text.emoticonsTitle, description: text.emoticonsDescription },
] as const;

const TOUCH_SLIDES = [
  { title: text.controlTitle, description: touchText.controlDescription },
  { title: touchText.emoticonsTitle, description: touchText.emoticonsDescription },
] as const;

function HandIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" fill="none" aria-hidden="true">
      <path
        d="M6 8V2.75a1.25 1.25 0 0 1 2.5 0V7l3.2.6a1.6 1.6 0 0 1 1.3 1.8l-.5 3.1A2.4 2.4 0 0 1 10.1 14.5H8.2a2.4 2.4 0 0 1-1.9-.9L3.6 10.3a1.1 1.1 0 0 1 1.6-1.5L6 9.6"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function TouchControlSlide() {
  return (
    <dl className="tutorial__controls">
      {touchText.controls.map((control: TouchControl) => (
        <div key={control.action} className="tutorial__control">
          <dt>{control.action}</dt>
          <dd>
            <span className="mouse-gesture">
              <HandIcon />
              {control.gesture}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MouseIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" fill="none" aria-hidden="true">
      <rect
        x="3.5"
        y="1.5"
        width="9"
        height="13"
        rx="4.5"
        stroke="currentColor"
        strokeWidth="1.4"
      />
      <path d="M8 4v3" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

function ControlInputs({ control }: { control: TutorialControl }) {
  return (
    <>
      {control.keys?.map((key) => (
        <kbd key={key} className={key.length > 1 ? 'keycap keycap--wide' : 'keycap'}>
          {key}
        </kbd>
      ))}
      {control.keys && control.mouse && <span className="tutorial__or">{text.or}</span>}
      {control.mouse && (
        <span className="mouse-gesture">
          <MouseIcon />
          {control.mouse}
        </span>
      )}
    </>
  );
}

function ControlSlide() {
  return (
    <dl className="tutorial__controls">
      {text.controls.map((control: TutorialControl) => (
        <div key={control.action} className="tutorial__control">
          <dt>{control.action}</dt>
          <dd>
            <ControlInputs control={control} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EmoticonSlide({ touch }: { touch: boolean }) {
  return (
    <div className="tutorial__emoticons">
      <ul className="tutorial__emotes">
        {EMOTES.map((emote) => (
          <li key={emote} className="tutorial__emote">
            {!touch && <kbd className="keycap keycap--small">{KEY_OF_EMOTE[emote]}</kbd>}
            <span className="tutorial__emote-icon" aria-hidden="true">
              {MetaverseText.emotes[emote].icon}
            </span>
            <span className="tutorial__emote-label">{MetaverseText.emotes[emote].label}</span>
          </li>
        ))}
      </ul>
      <p className="tutorial__tip">{text.emoticonsTip}</p>
    </div>
  );
}

/**
 * SPEC §2 "Tutorial popup": two slides (Control, Keyboard Emoticons), not looping: Previous is
 * off on the first, Next becomes Got it on the last. "Don't show again" is handed to `onClose`.
 */
export function TutorialPopup({ open, onClose, touch = false, zIndex }: TutorialPopupProps) {
  const [slide, setSlide] = useState(0);
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  const checkboxId = useId();
  const slidesId = useId();
  const nextRef = useRef<HTMLButtonElement>(null);

  // Every opening starts on the first slide with the box clear.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSlide(0);
      setDontShowAgain(false);
    }
  }

  const slides = touch ? TOUCH_SLIDES : SLIDES;
  const last = slide === slides.length - 1;
  const current = slides[slide] ?? slides[0];

  const handleClose = () => onClose(dontShowAgain);
  const handlePrevious = () => {
    // Previous turns off on the first slide; keep focus on a button that still works.
    if (slide === 1) nextRef.current?.focus();
    setSlide(Math.max(0, slide - 1));
  };
  const handleNext = () => {
    if (last) handleClose();
    else setSlide((s) => s + 1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowRight' && !last) setSlide((s) => s + 1);
    if (event.key === 'ArrowLeft' && slide > 0) setSlide((s) => s - 1);
  };

  return (
    <PopupShell
      open={open}
      onDismiss={handleClose}
      className={touch ? 'popup--tutorial popup--tutorial-touch' : 'popup--tutorial'}
      closeButton
      zIndex={zIndex}
      initialFocus={nextRef}
    >
      <div className="tutorial" onKeyDown={handleKeyDown}>
        <p className="popup__eyebrow">
          {text.eyebrow} · {text.slideOf(slide + 1, slides.length)}
        </p>
        <Dialog.Title className="dialog__title" aria-live="polite">
          {current.title}
        </Dialog.Title>
        <Dialog.Description className="dialog__description">
          {current.description}
        </Dialog.Description>

        <div className="tutorial__slides">
          {[
            touch ? <TouchControlSlide key="control" /> : <ControlSlide key="control" />,
            <EmoticonSlide key="emotes" touch={touch} />,
          ].map((content, i) => (
            <section
              key={i}
              id={`${slidesId}-${i}`}
              className="tutorial__slide"
              aria-label={slides[i]?.title}
              data-active={i === slide}
              inert={i !== slide}
            >
              {content}
            </section>
          ))}
        </div>

        <div className="tutorial__dots" role="group" aria-label={text.slides}>
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              className="tutorial__dot"
              aria-label={text.goToSlide(i + 1)}
              aria-controls={`${slidesId}-${i}`}
              aria-current={i === slide ? 'step' : undefined}
              onClick={() => setSlide(i)}
            />
          ))}
        </div>

        <div className="tutorial__footer">
          <label className="tutorial__check" htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={dontShowAgain}
              onChange={(event) => setDontShowAgain(event.target.checked)}
            />
            {text.dontShowAgain}
          </label>
          <div className="tutorial__nav">
            <button
              type="button"
              className="button button--secondary"
              onClick={handlePrevious}
              disabled={slide === 0}
            >
              {text.previous}
            </button>
            <button
              ref={nextRef}
              type="button"
              className="button button--primary"
              onClick={handleNext}
            >
              {last ? text.gotIt : text.next}
            </button>
          </div>
        </div>
      </div>
    </PopupShell>
  );
}
