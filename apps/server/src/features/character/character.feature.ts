import type { Feature } from '../feature.ts';
import { CharacterRepository } from './character.repository.ts';
import { characterRoutes } from './character.routes.ts';
import { CharacterService } from './character.service.ts';

/** Issue 18: the character each account chooses in the customiser and the world shows. */
export const characterFeature: Feature = {
  name: 'character',
  async register(app, { database, wallet, world }) {
    const service = new CharacterService({
      repo: new CharacterRepository(database.db),
      ownedAvatarIds: (userId) => wallet.ownedAvatarIds(userId),
      seed: (userId) => world.lookSeed(userId),
      lookChanged: (userId, code) => world.lookChanged(userId, code),
    });
    await app.register(characterRoutes, { service });
  },
};
