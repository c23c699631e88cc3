import { SANCTION_KINDS, SANCTION_MINUTES_MAX } from '@atrium/protocol';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FieldFrame } from '../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { hasDuration, type SanctionFormValues } from './sanctionForm.ts';
import { AdminUiText as T, sanctionLabels } from './texts.ts';
import './moderation.css';

export interface SanctionFieldsProps {
  register: UseFormRegister<SanctionFormValues>;
  errors: FieldErrors<SanctionFormValues>;
  /** What the form holds now (the fields shown follow the action). */
  kind: SanctionFormValues['kind'];
  forGood: boolean;
  /** Offers the four actions; the address ban form has only one. */
  chooseKind: boolean;
}

/** The action (warn, mute, kick, ban), how long it lasts, and why. */
export function SanctionFields({
  register,
  errors,
  kind,
  forGood,
  chooseKind,
}: SanctionFieldsProps) {
  const legendId = useId();
  return (
    <>
      {chooseKind && (
        <fieldset className="admin-choice" aria-labelledby={legendId}>
          <legend id={legendId} className="field__label">
            {T.action}
          </legend>
          <div className="admin-choice__options">
            {SANCTION_KINDS.map((option) => (
              <label key={option} className="admin-choice__option">
                <input type="radio" value={option} {...register('kind')} />
                {sanctionLabels[option]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {hasDuration(kind) && (
        <div className="admin-duration">
          <TextField
            label={T.minutes}
            type="number"
            inputMode="numeric"
            min={1}
            max={SANCTION_MINUTES_MAX}
            step={1}
            hint={T.minutesHint}
            disabled={kind === 'ban' && forGood}
            error={errors.minutes?.message}
            {...register('minutes')}
          />
          {kind === 'ban' && (
            <label className="checkbox">
              <input type="checkbox" {...register('forGood')} />
              {T.forGood}
            </label>
          )}
        </div>
      )}
      <FieldFrame label={T.reason} error={errors.reason?.message}>
        {(control) => (
          <textarea
            className="field__input admin-textarea"
            rows={3}
            {...control}
            {...register('reason')}
          />
        )}
      </FieldFrame>
    </>
  );
}
