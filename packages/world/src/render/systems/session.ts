import type { WorldLocation } from '@atrium/protocol';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** Joining the instance, and joining again after the connection comes back. */
export interface SessionSystem extends WorldSystem {
  /** Joins; resolves once we stand in the instance with everyone in it. */
  enter(): Promise<void>;
}

/** What the session tells the host page. */
export interface SessionEvents {
  location?: WorldLocation | undefined;
  onConnection: (connected: boolean) => void;
  onError: (error: Error) => void;
  /** We stand in the instance: after the first join, and after each join again (reconnect). */
  onJoined?: () => void;
}

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/** The session system over the context's transport. */
export const createSessionSystem = (
  ctx: Pick<WorldContext, 'worldId' | 'self' | 'remotes' | 'transport' | 'wallMs' | 'disposed'>,
  events: SessionEvents,
): SessionSystem => {
  const { self, remotes, transport } = ctx;
  const enter = async () => {
    const ack = await transport.join(ctx.worldId, events.location);
    if (ctx.disposed()) return;
    // A rejoin's answer lists everyone again; who left meanwhile must not stay as a ghost.
    for (const r of remotes.summary()) remotes.remove(r.id);
    self.index = ack.self.index;
    self.id = ack.self.id;
    self.state = ack.self;
    const { x, y, z, ry } = ack.self;
    self.body = { ...self.body, x, y, z, ry, path: null };
    self.prevBody = self.body;
    for (const other of ack.others) remotes.add(other, ctx.wallMs());
    self.joined = true;
    events.onJoined?.();
  };
  const removers = [
    transport.onDisconnect((byServer) => {
      self.joined = false;
      if (ctx.disposed()) return;
      events.onConnection(false);
      // The server closed us on purpose (e.g. signed out elsewhere): no automatic reconnect.
      if (byServer) events.onError(new Error('The world closed the connection.'));
    }),
    transport.onReconnect(() => {
      enter()
        .then(() => events.onConnection(true))
        .catch((err: unknown) => {
          if (!ctx.disposed()) events.onError(toError(err));
        });
    }),
  ];
  return {
    name: 'session',
    enter,
    dispose() {
      for (const remove of removers) remove();
    },
  };
};
