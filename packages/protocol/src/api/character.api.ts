import { CharacterLookRequestSchema, CharacterLookResponseSchema } from '../character.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['character'] as const;

/** Issue 18: the signed-in account's character look. */
export const CharacterApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/character/look',
    response: CharacterLookResponseSchema,
    tags,
    errors: [401],
    summary: 'Your character look, its world code and the special looks you have unlocked',
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/character/look',
    body: CharacterLookRequestSchema,
    response: CharacterLookResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Save your character look (special looks need their avatar NFT; not for guests)',
  }),
} as const;
