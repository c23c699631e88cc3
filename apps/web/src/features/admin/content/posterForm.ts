import { PosterInputSchema, type Poster } from '@atrium/protocol';
import { schemaResolver, textOrNull } from '../schemaResolver.ts';
import type { PosterChange } from './useContent.ts';

/** The poster form as typed: every field as text, empty for none. */
export interface PosterFormValues {
  title: string;
  image: string;
  description: string;
  print_url: string;
  nft_token_id: string;
  nft_price: string;
}

/** The highest wall slot the contract allows. */
const SLOT_MAX = 99;

export const emptyPoster: PosterFormValues = {
  title: '',
  image: '',
  description: '',
  print_url: '',
  nft_token_id: '',
  nft_price: '',
};

/** A poster's fields as the form shows them. */
export const posterValues = (poster: Poster): PosterFormValues => ({
  title: poster.title,
  image: poster.image,
  description: poster.description,
  print_url: poster.print_url ?? '',
  nft_token_id: poster.nft_token_id ?? '',
  nft_price: poster.nft_price ?? '',
});

/** The request the form makes: empty optional fields are null. */
const toBody = (values: PosterFormValues, world: string, slot: number) => ({
  world,
  slot,
  title: values.title,
  image: values.image.trim(),
  description: values.description,
  print_url: textOrNull(values.print_url),
  nft_token_id: textOrNull(values.nft_token_id),
  nft_price: textOrNull(values.nft_price),
});

/** Checks the form with the contract's `PosterInputSchema`, in its words. */
export const posterResolver = (world: string, slot: number) =>
  schemaResolver(PosterInputSchema, (values: PosterFormValues) => toBody(values, world, slot));

/** What an edit changes: only those fields go to the server. */
export function posterChanges(poster: Poster, next: PosterChange): PosterChange {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key !== 'slot' && key !== 'world' && value !== poster[key as keyof Poster]) {
      body[key] = value;
    }
  }
  return body;
}

/** The slot a new poster takes: after the last one. */
export const nextSlot = (posters: readonly Poster[]): number =>
  Math.min(SLOT_MAX, Math.max(-1, ...posters.map((p) => p.slot)) + 1);

export type SlotMove = Pick<Poster, 'id' | 'slot'>;

/**
 * The updates that move the poster at `index` one place up (-1) or down (1). When every slot
 * differs, the two swap slots (two updates); when some share a slot, the list is numbered
 * afresh in its new order, each changed poster updated.
 */
export function slotMoves(posters: readonly Poster[], index: number, step: -1 | 1): SlotMove[] {
  const other = index + step;
  const a = posters[index];
  const b = posters[other];
  if (!a || !b) return [];
  const distinct = posters.every((p, i) => i === 0 || p.slot > posters[i - 1]!.slot);
  if (distinct) {
    return [
      { id: a.id, slot: b.slot },
      { id: b.id, slot: a.slot },
    ];
  }
  const order = [...posters];
  order[index] = b;
  order[other] = a;
  return order
    .map((p, i) => ({ id: p.id, slot: Math.min(i, SLOT_MAX), was: p.slot }))
    .filter((m) => m.slot !== m.was)
    .map(({ id, slot }) => ({ id, slot }));
}
