import { useSyncExternalStore } from 'react';
import type { WorldHandle } from '../features/metaverse/WorldHost.tsx';
import { createStore } from '../shared/store.ts';

/**
 * The world running on the metaverse page, if any: the metaverse route puts it here and the
 * social layer (mounted in the layout, on every page) reads it, so neither feature imports the
 * other.
 */
const world = createStore<WorldHandle | null>(null);

/** The metaverse route's `onWorldHandle`. */
export const setWorldHandle = (handle: WorldHandle | null): void => world.set(handle);

/** The running world, or null away from the metaverse. */
export const useWorldHandle = (): WorldHandle | null =>
  useSyncExternalStore(world.subscribe, world.get, () => null);
