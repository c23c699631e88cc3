import type { Poster } from '@atrium/protocol';
import { hangPosters, posterIdOf, type PosterWall } from '../poster-wall.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';
import type { InteractionSystem } from './interaction.ts';

/** Reads a world's posters; the host passes its API client's call. */
export type LoadPosters = (world: string) => Promise<Poster[]>;

/** The poster wall: loaded once, opened by E in reach or by a click on one in sight. */
export interface PosterSystem extends WorldSystem {
  /** Loads and hangs the posters; never rejects, since bare walls are better than no world. */
  load(): Promise<void>;
}

/** How far away a clicked poster still opens, in metres. */
const CLICK_REACH = 12;

/** The poster system; `onProgress` reports loaded images (done, total). */
export const createPosterSystem = (
  ctx: Pick<WorldContext, 'worldId' | 'layout' | 'scene' | 'pick' | 'bridge' | 'disposed'>,
  interaction: InteractionSystem,
  loadPosters: LoadPosters,
  onProgress: (done: number, total: number) => void,
): PosterSystem => {
  let wall: PosterWall | null = null;
  const removers: (() => void)[] = [];
  return {
    name: 'posters',
    async load() {
      try {
        const posters = await loadPosters(ctx.worldId);
        if (ctx.disposed()) return;
        const hung = await hangPosters(ctx.scene, ctx.layout, posters, onProgress);
        if (ctx.disposed()) {
          hung.dispose();
          return;
        }
        wall = hung;
        removers.push(
          interaction.addTargets(hung.targets, (target) =>
            ctx.bridge({ type: 'poster_open', id: Number(target.id.slice('poster:'.length)) }),
          ),
          interaction.addPointerAction((pointer) => {
            const objects = ctx.scene.getObjectsByProperty('name', 'poster-wall');
            const hit = ctx.pick(pointer.x, pointer.y, objects, true);
            const id = posterIdOf(hit?.object);
            if (id === null || !hit || hit.distance >= CLICK_REACH) return false;
            ctx.bridge({ type: 'poster_open', id });
            return true;
          }),
        );
      } catch (err) {
        console.warn('Could not load the posters', err);
      }
    },
    dispose() {
      for (const remove of removers) remove();
      wall?.dispose();
    },
  };
};
