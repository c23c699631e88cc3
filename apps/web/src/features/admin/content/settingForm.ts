import {
  PublicSetting,
  PublicSettingBodySchema,
  PublicSettingKeyParamsSchema,
} from '@atrium/protocol';
import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';
import { issueMessage } from '../schemaResolver.ts';
import { ContentText as T, type SettingType } from './texts.ts';
import type { SettingValue } from './useContent.ts';

/** A public setting as the form holds it: its key, the value's type, and the value as text. */
export interface SettingFormValues {
  key: string;
  type: SettingType;
  text: string;
  flag: 'true' | 'false';
}

/** A stored value as one line of text. */
export const valueText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** The type a stored value is edited as. */
export const typeOf = (value: unknown): SettingType =>
  typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';

export function settingValues(key: string, value: unknown): SettingFormValues {
  return {
    key,
    type: typeOf(value),
    text: typeof value === 'boolean' ? '' : valueText(value),
    flag: value === false ? 'false' : 'true',
  };
}

function toValue(values: SettingFormValues): SettingValue {
  switch (values.type) {
    case 'number':
      return values.text.trim() === '' ? Number.NaN : Number(values.text);
    case 'boolean':
      return values.flag === 'true';
    case 'text':
      return values.text;
    default: {
      const never: never = values.type;
      return never;
    }
  }
}

type SettingBody = { key: string; value: SettingValue };

/**
 * Checks a setting with the contract's `PublicSettingKeyParamsSchema` and
 * `PublicSettingBodySchema`. A new key must be free (setting a key replaces it) and may not be
 * the home page's, which has its own field. `taken`: the keys set now; null when editing.
 */
export function settingResolver(
  taken: readonly string[] | null,
): Resolver<SettingFormValues, unknown, SettingBody> {
  return (values): ResolverResult<SettingFormValues, SettingBody> => {
    const errors: Partial<Record<keyof SettingFormValues, FieldError>> = {};
    const key = values.key.trim();
    if (taken) {
      const parsed = PublicSettingKeyParamsSchema.safeParse({ key });
      const issue = parsed.error?.issues[0];
      const message = issue
        ? issueMessage(issue)
        : key === PublicSetting.homePage
          ? T.keyHomePage
          : taken.includes(key)
            ? T.keyTaken
            : null;
      if (message) errors.key = { type: 'key', message };
    }
    const value = toValue(values);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      errors.text = { type: 'number', message: T.notANumber };
    } else {
      const issue = PublicSettingBodySchema.safeParse({ value }).error?.issues[0];
      if (issue) errors.text = { type: issue.code, message: issueMessage(issue) };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { key, value }, errors: {} };
  };
}
