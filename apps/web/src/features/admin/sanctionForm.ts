import { zodResolver } from '@hookform/resolvers/zod';
import {
  SanctionCreateSchema,
  type SanctionCreate,
  type SanctionKind,
} from '@atrium/protocol';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { withWholeFormError } from './formResolver.ts';
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

const schemaResolver = withWholeFormError(zodResolver(SanctionCreateSchema), 'minutes');

/**
 * Checks the form with the contract's `SanctionCreateSchema`, so the page refuses what the server
 * would, in the same words. A ban needs its minutes unless it is for good: the form asks rather
 * than take an empty duration for a ban without end.
 */
export function sanctionResolver(
  target: SanctionTarget,
): Resolver<SanctionFormValues, unknown, SanctionCreate> {
  return async (values, context, options) => {
    const body = toSanctionBody(values, target);
    const result = await schemaResolver(
      body as Parameters<typeof schemaResolver>[0],
      context,
      options as unknown as Parameters<typeof schemaResolver>[2],
    );
    const errors = result.errors as FieldErrors<SanctionFormValues>;
    if (values.kind === 'ban' && !values.forGood && body.minutes === undefined && !errors.minutes) {
      return {
        values: {},
        errors: { ...errors, minutes: { type: 'required', message: T.banNeedsLength } },
      };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors }
      : { values: result.values as SanctionCreate, errors: {} };
  };
}
