import type { Emote } from '@atrium/protocol';
import { startEmote, updateEmote } from '../../emotes.ts';
import { isMoving } from '../../input.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** Our emote (played, sent, ended by moving) and the emotes others play. */
export interface EmoteSystem extends WorldSystem {
  /** Plays `emote` on our avatar and tells the instance, once joined. */
  play(emote: Emote, nowMs: number): void;
}

/** The emote system; remote emotes start at the engine's time, like every other timer. */
export const createEmoteSystem = (
  ctx: Pick<WorldContext, 'self' | 'sink' | 'remotes' | 'transport' | 'engineMs'>,
): EmoteSystem => {
  const { self } = ctx;
  const removeEmoted = ctx.transport.on('world:emoted', ({ id, emote }) => {
    // The server echoes our own emote to the whole instance; ours already plays.
    if (id !== self.id) ctx.remotes.emote(id, emote, ctx.engineMs());
  });
  return {
    name: 'emotes',
    play(emote, nowMs) {
      self.emote = startEmote(emote, nowMs);
      if (self.joined) ctx.transport.emit('world:emote', { emote });
    },
    update(_dt, nowMs) {
      self.emote = updateEmote(
        self.emote,
        nowMs,
        isMoving(ctx.sink.input) || self.body.path !== null,
      );
    },
    dispose: removeEmoted,
  };
};
