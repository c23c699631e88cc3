import { CharacterApi, type CharacterLook, type CharacterLookResponse } from '@atrium/protocol';
import { createApiClient } from '../../shared/api/client.ts';

/** The customiser's calls: the account's look, and saving a new one. */
export interface CharacterApiClient {
  get(): Promise<CharacterLookResponse>;
  save(look: CharacterLook): Promise<CharacterLookResponse>;
}

export function createCharacterApi(getToken: () => string | null): CharacterApiClient {
  const client = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    getToken,
  });
  return {
    get: () => client.call(CharacterApi.get, {}),
    save: (look) => client.call(CharacterApi.save, { body: { look } }),
  };
}
