import { buildPortals } from '../portals.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';
import type { InteractionSystem } from './interaction.ts';

/** Archways to other worlds: using one asks the host page to open that world. */
export const createPortalSystem = (
  ctx: Pick<WorldContext, 'layout' | 'scene' | 'bridge'>,
  interaction: InteractionSystem,
): WorldSystem => {
  const portals = buildPortals(ctx.scene, ctx.layout);
  const removeTargets = interaction.addTargets(portals.targets, (target) => {
    const key = portals.keyOf(target.id);
    if (key) ctx.bridge({ type: 'other_world', key });
  });
  return {
    name: 'portals',
    draw: (frame) => portals.update(frame.ambientSeconds),
    dispose() {
      removeTargets();
      portals.dispose();
    },
  };
};
