import { useEffect, useId, useRef, useState } from 'react';
import { SharesText as T } from './texts.ts';

/** How long "Copied" stays said beside the button. */
const SAID_FOR_MS = 4000;

export interface CopyFieldProps {
  /** The visible name of the code ("Frame"). */
  label: string;
  /** Whose code it is, for the accessible names ("Frame code for The Gallery Hall"). */
  owner: string;
  hint: string;
  text: string;
}

/**
 * Code to paste elsewhere, read-only, with Copy. The clipboard gets it when the browser allows
 * (a secure page, permission); otherwise the text is selected for Ctrl+C. Either is announced.
 */
export function CopyField({ label, owner, hint, text }: CopyFieldProps) {
  const name = T.codeFor(label, owner);
  const id = useId();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (!said) return;
    const timer = window.setTimeout(() => setSaid(''), SAID_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [said]);

  const handleCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setSaid(T.copied);
    } catch {
      areaRef.current?.focus();
      areaRef.current?.select();
      setSaid(T.copySelected);
    }
  };

  return (
    <div className="share-code">
      <div className="share-code__head">
        <label className="field__label" htmlFor={id}>
          <span aria-hidden="true">{label}</span>
          <span className="visually-hidden">{name}</span>
        </label>
        <span className="share-code__said" role="status">
          {said}
        </span>
        <button
          type="button"
          className="button button--secondary admin-button--small"
          onClick={() => void handleCopy()}
        >
          {T.copy}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <textarea
        ref={areaRef}
        id={id}
        className="field__input share-code__text"
        readOnly
        spellCheck={false}
        rows={text.split('\n').length}
        aria-describedby={`${id}-hint`}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <p id={`${id}-hint`} className="field__hint share-code__hint">
        {hint}
      </p>
    </div>
  );
}
