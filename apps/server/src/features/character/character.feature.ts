import type { Feature } from '../feature.ts';
import { CharacterRepository } from './character.repository.ts';
import { characterRoutes } from './character.routes.ts';
import { CharacterService, wornLook } from './character.service.ts';

/** Issue 18: the character each account chooses in the customiser and the world shows. */
export const characterFeature: Feature = {
  name: 'character',
  async register(app, { database, wallet, world, provide }) {
    const repo = new CharacterRepository(database.db);
    const service = new CharacterService({
      repo,
      ownedAvatarIds: (userId) => wallet.ownedAvatarIds(userId),
      seed: (userId) => world.lookSeed(userId),
      lookChanged: (userId, code) => world.lookChanged(userId, code),
    });
    // The world dresses each account in its saved character.
    provide('character', {
      wornLook: (userId) => wornLook(repo, (user) => wallet.ownedAvatarIds(user), userId),
    });
    await app.register(characterRoutes, { service });
  },
};
