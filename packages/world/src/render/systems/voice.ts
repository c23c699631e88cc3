import type { VoiceArea } from '@atrium/protocol';
import type { AvatarPose } from '../remote-avatars.ts';
import { blendedPosition, type WorldContext, type WorldSystem } from '../world-context.ts';

/**
 * What the page's proximity voice reads of the world and shows in it (issue 30 §2): the page owns
 * the voices and their Web Audio; the world says where everyone is and draws who talks.
 */
export interface WorldVoiceView {
  /** The world's voice areas: private areas, quiet zones, the stage. */
  readonly areas: readonly VoiceArea[];
  /** Calls `handler` after each join of the instance: the first, and each after a reconnect. */
  onJoined(handler: () => void): () => void;
  /** Calls `handler` once per drawn frame, after every avatar was placed for it. */
  onFrame(handler: () => void): () => void;
  /** Our avatar's id and its pose as drawn; null until the first join. */
  self(): (AvatarPose & { id: string }) | null;
  /** Someone's avatar as last drawn (interpolated); null when it is not in the instance. */
  avatar(id: string): AvatarPose | null;
  /** Someone's name as the world shows it; null when not in the instance. */
  name(id: string): string | null;
  /** Shows or hides the speaking ring over an avatar, ours included. */
  setSpeaking(id: string, speaking: boolean): void;
}

/** The voice view as a system: its `draw` runs the frame handlers, after the avatars' draws. */
export interface VoiceSystem extends WorldSystem {
  readonly view: WorldVoiceView;
  /** The session joined the instance. */
  joined(): void;
}

/** The voice system over the context's avatars. */
export const createVoiceSystem = (
  ctx: Pick<WorldContext, 'layout' | 'self' | 'remotes'>,
): VoiceSystem => {
  const { self, remotes } = ctx;
  const joinHandlers = new Set<() => void>();
  const frameHandlers = new Set<() => void>();
  let drawnSelf: AvatarPose | null = null;

  const subscribe = (set: Set<() => void>, handler: () => void) => {
    set.add(handler);
    return () => void set.delete(handler);
  };

  const view: WorldVoiceView = {
    areas: ctx.layout.voiceAreas ?? [],
    onJoined: (handler) => subscribe(joinHandlers, handler),
    onFrame: (handler) => subscribe(frameHandlers, handler),
    self() {
      if (!self.state) return null;
      const { x, y, z, ry } = self.body;
      return { id: self.id, ...(drawnSelf ?? { x, y, z, ry }) };
    },
    avatar: (id) => remotes.pose(id),
    name: (id) => remotes.name(id),
    setSpeaking(id, speaking) {
      if (self.state && id === self.id) self.speaking = speaking;
      else remotes.setSpeaking(id, speaking);
    },
  };

  return {
    name: 'voice',
    view,
    joined() {
      for (const handler of [...joinHandlers]) handler();
    },
    draw(frame) {
      drawnSelf = { ...blendedPosition(self, frame.alpha), ry: self.body.ry };
      for (const handler of [...frameHandlers]) {
        try {
          handler();
        } catch (err: unknown) {
          // A broken handler must not stop the world's frames: it is let go, once.
          frameHandlers.delete(handler);
          console.error(new Error('A voice frame handler failed.', { cause: err }));
        }
      }
    },
    dispose() {
      joinHandlers.clear();
      frameHandlers.clear();
    },
  };
};
