import { SanctionCreateSchema, type SanctionCreate, type SanctionKind } from '@atrium/protocol';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { AdminUiText as T } from './texts.ts';

/** The sanction form as typed: the duration as text, and "for good" for a ban. */
export interface SanctionFormValues {
  kind: SanctionKind;
  /** A guest's network address (the address ban form only). */
  address: string;
  minutes: string;
  forGood: boolean;
  reason: string;
}

/** Whom the sanction is for: a person, or a network address typed into the form. */
export type SanctionTarget = { user_id: string; report_id?: number } | { address: true };

/** Warn and kick happen at once; a mute lasts minutes; a ban lasts minutes or for good. */
export const hasDuration = (kind: SanctionKind) => kind === 'mute' || kind === 'ban';

/** The request the form's values make, before the contract's schema checks it. */
export function toSanctionBody(
  values: SanctionFormValues,
  target: SanctionTarget,
): Record<string, unknown> {
  const minutes =
    hasDuration(values.kind) && !(values.kind === 'ban' && values.forGood) && values.minutes !== ''
      ? Number(values.minutes)
      : undefined;
  return {
    kind: values.kind,
    ...('address' in target ? { address: values.address.trim() } : target),
    minutes,
    reason: values.reason,
  };
}

/** The form's field a schema issue belongs to; the object's own refinements are about minutes. */
function fieldOf(path: readonly PropertyKey[]): keyof SanctionFormValues {
  const [name] = path;
  return name === 'kind' || name === 'address' || name === 'reason' ? name : 'minutes';
}

/**
 * Checks the form with the contract's `SanctionCreateSchema`, so the page refuses what the server
 * would, in the same words. Not `zodResolver`: for the address it shows the first failing branch
 * of the schema's union ("Invalid IPv4 address") instead of the union's own message. A ban needs
 * its minutes unless it is for good: the form asks rather than take an empty duration for a ban
 * without end.
 */
export function sanctionResolver(
  target: SanctionTarget,
): Resolver<SanctionFormValues, unknown, SanctionCreate> {
  return (values) => {
    const parsed = SanctionCreateSchema.safeParse(toSanctionBody(values, target));
    const errors: FieldErrors<SanctionFormValues> = {};
    for (const issue of parsed.error?.issues ?? []) {
      errors[fieldOf(issue.path)] ??= { type: issue.code, message: issue.message };
    }
    const needsLength = values.kind === 'ban' && !values.forGood && values.minutes === '';
    if (needsLength) errors.minutes ??= { type: 'required', message: T.banNeedsLength };
    return parsed.success && !needsLength
      ? { values: parsed.data, errors: {} }
      : { values: {}, errors };
  };
}
