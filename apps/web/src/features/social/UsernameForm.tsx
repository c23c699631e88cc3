import { useId, useRef, useState, type FormEvent } from 'react';
import { SocialUiText as T } from './texts.ts';

export interface UsernameFormProps {
  label: string;
  submitLabel: string;
  /** The button's look: the friends tab's main action, or the blocked tab's secondary one. */
  variant: 'primary' | 'secondary';
  disabled?: boolean;
  /** Resolves true when the name was taken (the field then empties). */
  onSubmit: (username: string) => Promise<boolean>;
}

/** A username field and its button: the friends tab's Add Friend, the blocked tab's Block. */
export function UsernameForm({
  label,
  submitLabel,
  variant,
  disabled,
  onSubmit,
}: UsernameFormProps) {
  const [name, setName] = useState('');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The button turns off while the request runs, which would drop focus on the page: it goes
    // to the field, ready for the next name (issue 27).
    inputRef.current?.focus();
    void onSubmit(name).then((taken) => taken && setName(''));
  };
  return (
    <form className="social-form" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="social-form__label">
        {label}
      </label>
      <div className="social-form__row">
        <input
          ref={inputRef}
          id={inputId}
          className="field__input"
          value={name}
          autoComplete="off"
          placeholder={T.addFriendLabel}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={`button button--${variant}`} disabled={disabled}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
