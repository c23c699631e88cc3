import { GalleryEntrySchema, GalleryUpdateSchema, type GalleryEntry } from '@atrium/protocol';
import type { Resolver } from 'react-hook-form';
import { issueMessage, schemaResolver } from '../schemaResolver.ts';
import { ContentText as T } from './texts.ts';

/** A gallery entry as the form holds it: every field as text. */
export interface GalleryFormValues {
  gallery_id: string;
  title: string;
  image: string;
  thumbnail: string;
  date: string;
  description: string;
}

export const emptyEntry: GalleryFormValues = {
  gallery_id: '',
  title: '',
  image: '',
  thumbnail: '',
  date: '',
  description: '',
};

export const entryValues = (entry: GalleryEntry): GalleryFormValues => ({
  gallery_id: String(entry.gallery_id),
  title: entry.title,
  image: entry.image,
  thumbnail: entry.thumbnail === entry.image ? '' : entry.thumbnail,
  date: entry.date,
  description: entry.description,
});

/**
 * The entry the form makes. An id typed as it was keeps its type (the listing may hold numbers);
 * an empty thumbnail is the image.
 */
function toEntry(values: GalleryFormValues, original: GalleryEntry | undefined) {
  const id = values.gallery_id.trim();
  const image = values.image.trim();
  return {
    gallery_id: original && String(original.gallery_id) === id ? original.gallery_id : id,
    title: values.title,
    image,
    thumbnail: values.thumbnail.trim() || image,
    date: values.date,
    description: values.description,
  };
}

/**
 * Checks an entry with the contract's `GalleryEntrySchema`, and that no other entry of the list
 * has its id (the schema of the whole list refuses that).
 */
export function entryResolver(
  others: readonly GalleryEntry[],
  original: GalleryEntry | undefined,
): Resolver<GalleryFormValues, unknown, GalleryEntry> {
  const check = schemaResolver(GalleryEntrySchema, (values: GalleryFormValues) =>
    toEntry(values, original),
  );
  return async (values, context, options) => {
    const result = await check(values, context, options);
    // An empty thumbnail is the image: the image's field says what is wrong with it.
    const { thumbnail, ...errors } = result.errors;
    if (values.thumbnail.trim() !== '' && thumbnail) Object.assign(errors, { thumbnail });
    const id = values.gallery_id.trim();
    if (id && others.some((entry) => String(entry.gallery_id) === id)) {
      Object.assign(errors, { gallery_id: { type: 'unique', message: T.idTaken } });
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
  };
}

/** The whole list's first problem in the contract's words, with the entry it is about; or null. */
export function listProblem(entries: readonly GalleryEntry[]): string | null {
  const parsed = GalleryUpdateSchema.safeParse({ entries });
  const issue = parsed.error?.issues[0];
  if (!issue) return null;
  const index = issue.path[1];
  const entry = typeof index === 'number' ? entries[index] : undefined;
  return entry ? `${entry.title}: ${issueMessage(issue)}` : issueMessage(issue);
}

/** The list with the entry at `index` moved one place up (-1) or down (1). */
export function moveEntry<E>(list: readonly E[], index: number, step: -1 | 1): E[] {
  const other = index + step;
  if (other < 0 || other >= list.length) return [...list];
  const next = [...list];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}
