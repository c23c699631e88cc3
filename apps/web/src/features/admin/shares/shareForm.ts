import { ShareInputSchema, type PublicShare, type WorldLocation } from '@atrium/protocol';
import { schemaResolver } from '../schemaResolver.ts';
import type { ShareChange } from './useShares.ts';

/** The share form as typed: the quality as a select's text, the origins one a line. */
export interface ShareFormValues {
  id: string;
  title: string;
  world: string;
  default_location: WorldLocation | '';
  default_quality: string;
  allowed_origins: string;
}

export const emptyShare = (world: string): ShareFormValues => ({
  id: '',
  title: '',
  world,
  default_location: '',
  default_quality: '1080',
  allowed_origins: '',
});

export const shareValues = (share: PublicShare): ShareFormValues => ({
  id: share.id,
  title: share.title,
  world: share.world,
  default_location: share.default_location ?? '',
  default_quality: String(share.default_quality),
  allowed_origins: share.allowed_origins.join('\n'),
});

/** The origins typed, one a line (blank lines left out). */
export const originLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const toBody = (values: ShareFormValues) => ({
  id: values.id.trim(),
  title: values.title,
  world: values.world,
  default_location: values.default_location || null,
  default_quality: Number(values.default_quality),
  allowed_origins: originLines(values.allowed_origins),
});

/**
 * Checks the form with the contract's `ShareInputSchema`. An origin's problem names the origin,
 * since the field holds several.
 */
export const shareResolver = schemaResolver(ShareInputSchema, toBody, {
  describe: (issue, message, body) => {
    const index = issue.path[0] === 'allowed_origins' ? issue.path[1] : undefined;
    const origin =
      typeof index === 'number'
        ? (body as { allowed_origins: string[] }).allowed_origins[index]
        : undefined;
    return origin ? `${origin}: ${message}` : message;
  },
});

/** What an edit changes: only those fields go to the server (never the id). */
export function shareChanges(share: PublicShare, next: ShareChange): ShareChange {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'id') continue;
    if (JSON.stringify(value) !== JSON.stringify(share[key as keyof PublicShare])) {
      body[key] = value;
    }
  }
  return body;
}
