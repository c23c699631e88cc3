import type { WorldMove } from '@atrium/protocol';
import { createNetSync, netSyncStep } from '../../net-sync.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** Sends our moves (`world:move`) at the net-sync rate, only while joined. */
export const createNetSyncSystem = (ctx: Pick<WorldContext, 'self' | 'transport'>): WorldSystem => {
  let net = createNetSync();
  return {
    name: 'net-sync',
    update(_dt, nowMs) {
      if (!ctx.self.joined) return;
      const { body } = ctx.self;
      const move: WorldMove = { x: body.x, y: body.y, z: body.z, ry: body.ry, anim: body.anim };
      const step = netSyncStep(net, move, nowMs);
      net = step.state;
      if (step.send) ctx.transport.emit('world:move', step.send);
    },
  };
};
