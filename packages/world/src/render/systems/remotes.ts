import { decodeSnapshot } from '@atrium/protocol';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** The other people in the instance: their joins, snapshots and leaves, stepped and drawn. */
export const createRemotesSystem = (
  ctx: Pick<WorldContext, 'remotes' | 'transport' | 'wallMs'>,
): WorldSystem => {
  const { remotes, transport } = ctx;
  // Arrival times are wall-clock: interpolation draws each avatar a fixed delay behind them.
  const removers = [
    transport.on('world:snapshot', (data) => {
      const snapshot = decodeSnapshot(data);
      if (snapshot) remotes.applySnapshot(snapshot.avatars, ctx.wallMs());
    }),
    transport.on('world:joined', (state) => remotes.add(state, ctx.wallMs())),
    transport.on('world:left', ({ id }) => remotes.remove(id)),
    transport.on('world:look', ({ id, look }) => remotes.relook(id, look)),
  ];
  return {
    name: 'remotes',
    update: (_dt, nowMs) => remotes.step(nowMs),
    draw: (f) => remotes.draw(f.nowMs, f.engineMs, f.ambientSeconds, f.dtSeconds),
    dispose() {
      for (const remove of removers) remove();
      remotes.dispose();
    },
  };
};
