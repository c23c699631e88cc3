import {
  EmoteSchema,
  WORLD_LAYOUTS,
  WorldConstants,
  type BridgePosition,
  type StreamInput,
  type WorldLocation,
  type WorldToHost,
} from '@atrium/protocol';
import { lookFromSeed } from '../avatar-look.ts';
import { createCamera } from '../camera.ts';
import { createEngine } from '../engine.ts';
import { createInputState } from '../input.ts';
import { ambientSeconds } from '../motion.ts';
import { createAvatarBody } from '../movement.ts';
import { buildNavGrid } from '../pathfinding.ts';
import { createAmbientAudio } from './ambient-audio.ts';
import { avatarLabel } from './avatar-view.ts';
import { buildCampusScene } from './campus-scene.ts';
import { campusLandmarks } from './campus-signs.ts';
import { attachDomInput, type InputSink } from './dom-input.ts';
import { applyStreamInput } from './remote-input.ts';
import { createPointerPick } from './pointer-ray.ts';
import { watchReducedMotion } from './reduced-motion.ts';
import { createRemoteAvatars } from './remote-avatars.ts';
import { createWorldRenderer } from './renderer.ts';
import { createClassroomSystem } from './systems/classroom.ts';
import { createDescriptionSystem } from './systems/description.ts';
import { createEmoteSystem } from './systems/emotes.ts';
import { createFollowCameraSystem } from './systems/follow-camera.ts';
import { createInteractionSystem } from './systems/interaction.ts';
import { createLeaderboardSystem, type LoadLeaderboard } from './systems/leaderboard.ts';
import { createNetSyncSystem } from './systems/net-sync.ts';
import { createPlayerSystem } from './systems/player.ts';
import { createPortalSystem } from './systems/portals.ts';
import { createPosterSystem, type LoadPosters } from './systems/posters.ts';
import { createRemotesSystem } from './systems/remotes.ts';
import { createSessionSystem } from './systems/session.ts';
import { createVoiceSystem, type WorldVoiceView } from './systems/voice.ts';
import { installTestHook } from './test-hook.ts';
import { attachTouchInput } from './touch-input.ts';
import { createWorldTextView } from './world-text.ts';
import {
  createSelfState,
  nearestSpot,
  type FrameInfo,
  type WorldContext,
  type WorldSystem,
} from './world-context.ts';
import type { WorldConnection } from './world-transport.ts';

/** Options for {@link startWorld}. */
export interface StartWorldOptions {
  /**
   * The realtime connection, opened by the host (the web app's socket client): the world opens
   * no socket of its own. The world connects it after its posters load and closes it on dispose.
   */
  transport: WorldConnection;
  /** Which world (a layout id); `campus` by default. */
  world?: string;
  /** The named spot to arrive at; the world's spawn point when absent. */
  location?: WorldLocation;
  /** Loading progress, 0–100, as real steps complete. */
  onProgress?: (percent: number) => void;
  /** Startup failures and a lost connection that does not come back. */
  onError?: (error: Error) => void;
  /** Messages for the host page: a poster or portal was used, the inventory was asked for… */
  onBridge?: (message: WorldToHost) => void;
  /** The interaction hint to show (e.g. "E: look at poster"), or null. */
  onPrompt?: (text: string | null) => void;
  /** The connection dropped (`false`) or came back (`true`). */
  onConnection?: (connected: boolean) => void;
  /** Reads the world's posters (`GET /api/posters?world=`) through the host's API client. */
  loadPosters?: LoadPosters;
  /** Reads a darts leaderboard (`GET /api/minigame/leaderboard/:mode`) for the plaza's board. */
  loadLeaderboard?: LoadLeaderboard;
}

/** A running world. */
export interface WorldHandle {
  /** Where the avatar stands, for the host's `request_position`. */
  position(): BridgePosition;
  /** The named spot nearest the avatar, e.g. `plaza`. */
  nearestLocation(): WorldLocation;
  /** The current view as a PNG data URL, scaled to fit within 1920×1080. */
  capture(): string;
  /** The ambience: play, pause and volume (0..1). */
  setAudio(playing: boolean): void;
  setVolume(volume: number): void;
  /** Caps the rendered height in pixels (the stream quality); 0 means automatic. */
  setQuality(height: number): void;
  /** Acts as if E was pressed (the mobile page's interact button). */
  interact(): void;
  /** What the page's proximity voice needs: joins, where everyone is, the speaking rings. */
  readonly voice: WorldVoiceView;
  /** Performs an action another person asked for; emote names (e.g. `dance`) play that emote. */
  perform(action: string): void;
  /**
   * Issue 31: input from the person watching this world as a stream (the render page's data
   * channel), applied to the world's own input state as the page's keyboard and mouse are.
   */
  applyInput(message: StreamInput): void;
  /** Stops the loop, leaves the world, and frees the GPU resources. */
  dispose(): void;
}

const CAPTURE_MAX_W = 1920;
const CAPTURE_MAX_H = 1080;

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * Starts the campus world on `canvas`. This is the composition root: it builds the shared
 * context and the systems over it, runs the loop, and joins; each system lives in `systems/`.
 */
export const startWorld = (canvas: HTMLCanvasElement, options: StartWorldOptions): WorldHandle => {
  const {
    onProgress = () => {},
    onError = () => {},
    onBridge = () => {},
    onPrompt = () => {},
    onConnection = () => {},
    // Without the host's API client the walls stay bare: the world has no HTTP code of its own.
    loadPosters = () => Promise.resolve([]),
  } = options;
  const worldId = options.world ?? 'campus';
  const layout = WORLD_LAYOUTS[worldId];
  if (!layout) throw new Error(`Unknown world ${worldId}.`);
  let disposed = false;
  let frame = 0;

  const output = createWorldRenderer(canvas);
  const motion = watchReducedMotion();
  const campus = buildCampusScene(layout);
  const { scene } = campus;
  const self = createSelfState(createAvatarBody(layout));
  const sink: InputSink = {
    input: createInputState(),
    camera: createCamera(),
    // Replaced by the player system below, before any DOM event can arrive.
    walkTo: () => {},
  };
  const { transport } = options;
  const ctx: WorldContext = {
    worldId,
    layout,
    scene,
    camera: output.camera,
    sink,
    self,
    remotes: createRemoteAvatars(scene, () => self.index, output.camera.position),
    transport,
    pick: createPointerPick(canvas, output.camera),
    bridge: onBridge,
    wallMs: () => performance.now(),
    engineMs: () => engine.timeMs,
    disposed: () => disposed,
  };

  const interaction = createInteractionSystem(ctx, onPrompt);
  const portals = createPortalSystem(ctx, interaction);
  const classroom = createClassroomSystem(ctx, interaction);
  const audio = createAmbientAudio();
  onProgress(10);
  const emotes = createEmoteSystem(ctx);
  const player = createPlayerSystem(
    ctx,
    { grid: buildNavGrid(layout, WorldConstants.avatarRadius), ground: campus.ground },
    { interact: (pointer) => interaction.interact(pointer), emote: (e, ms) => emotes.play(e, ms) },
  );
  sink.walkTo = player.walkTo;
  const posters = createPosterSystem(ctx, interaction, loadPosters, (done, total) => {
    if (total > 0) onProgress(10 + Math.round((done / total) * 40));
  });
  const voice = createVoiceSystem(ctx);
  const session = createSessionSystem(ctx, {
    location: options.location,
    onConnection,
    onError,
    onJoined: () => voice.joined(),
  });
  // The text alternative: screen readers get what the canvas shows near the avatar.
  const landmarks = layout.id === 'campus' ? campusLandmarks(layout.classrooms) : [];
  const worldText = createWorldTextView(
    canvas,
    landmarks.flatMap((mark) => (mark.kind === 'sign' && mark.label ? [mark.label] : [])),
  );
  // Fixed steps run in this order (movement before the prompt and the move it sends); frames
  // draw in this order before the scene is rendered.
  const systems: WorldSystem[] = [
    player,
    classroom,
    interaction,
    createDescriptionSystem(ctx, interaction, landmarks, worldText),
    emotes,
    createRemotesSystem(ctx),
    createNetSyncSystem(ctx),
    portals,
    posters,
    createLeaderboardSystem(ctx, options.loadLeaderboard),
    { name: 'campus', draw: (f) => campus.update(f.ambientSeconds) },
    createFollowCameraSystem(ctx),
    // After every avatar is placed: the voices' panners follow where they were drawn.
    voice,
    session,
  ];
  const engine = createEngine({
    now: () => performance.now(),
    systems: systems.flatMap(({ name, update }) => (update ? [{ name, update }] : [])),
  });
  const drawn = systems.filter((s) => s.draw);

  const detachInput = attachDomInput(canvas, sink);
  const detachTouch = canvas.parentElement
    ? attachTouchInput(canvas, sink, canvas.parentElement)
    : () => {};

  const removeTestHook = installTestHook(
    () => ({
      self: {
        x: self.body.x,
        z: self.body.z,
        anim: self.body.anim,
        emote: self.emote?.emote ?? null,
        label: self.state ? avatarLabel(self.state) : null,
        look: self.state ? lookFromSeed(self.state.look) : null,
        speaking: self.speaking,
      },
      camera: { yaw: sink.camera.yaw, pitch: sink.camera.pitch },
      remotes: ctx.remotes.summary(),
      reducedMotion: motion.reduced,
    }),
    {
      walkTo: (x, z) => player.walkToPoint({ x, z }),
      setCamera(yaw, pitch) {
        sink.camera = { ...sink.camera, yaw, pitch };
      },
    },
  );

  let lastFrameMs = performance.now();
  let firstFrame = true;
  const renderFrame = () => {
    frame = requestAnimationFrame(renderFrame);
    const now = performance.now();
    const dt = Math.min(0.1, (now - lastFrameMs) / 1000);
    lastFrameMs = now;
    output.adapt(dt);
    engine.tick(now);
    const info: FrameInfo = {
      nowMs: now,
      ambientSeconds: ambientSeconds(now / 1000, motion.reduced),
      dtSeconds: dt,
      engineMs: engine.timeMs,
      alpha: engine.alpha,
    };
    for (const system of drawn) system.draw?.(info);
    output.render(scene);
    if (firstFrame && self.joined) {
      firstFrame = false;
      onProgress(100);
    }
  };

  const connect = async (): Promise<void> => {
    await posters.load();
    if (disposed) return;
    await transport.connect();
    if (disposed) {
      transport.close();
      return;
    }
    onProgress(65);
    await session.enter();
    onProgress(90);
  };

  frame = requestAnimationFrame(renderFrame);
  connect().catch((err: unknown) => {
    if (!disposed) onError(toError(err));
  });

  return {
    position: () => ({
      x: self.body.x.toFixed(2),
      y: self.body.y.toFixed(2),
      z: self.body.z.toFixed(2),
    }),
    nearestLocation: () => nearestSpot(layout, self.body),
    capture() {
      output.render(scene);
      const { width, height } = canvas;
      const scale = Math.min(1, CAPTURE_MAX_W / width, CAPTURE_MAX_H / height);
      if (scale === 1) return canvas.toDataURL('image/png');
      const copy = document.createElement('canvas');
      copy.width = Math.round(width * scale);
      copy.height = Math.round(height * scale);
      copy.getContext('2d')?.drawImage(canvas, 0, 0, copy.width, copy.height);
      return copy.toDataURL('image/png');
    },
    setAudio: (playing) => (playing ? audio?.play() : audio?.pause()),
    setVolume: (volume) => audio?.setVolume(volume),
    setQuality: (height) => output.setMaxHeight(height),
    interact: () => interaction.interact(null),
    voice: voice.view,
    applyInput(message) {
      const { left, top, width, height } = canvas.getBoundingClientRect();
      applyStreamInput(sink, message, { left, top, width, height });
    },
    perform(action) {
      const emote = EmoteSchema.safeParse(action);
      if (!emote.success) return;
      sink.input = {
        ...sink.input,
        actions: [...sink.input.actions, { type: 'emote', emote: emote.data }],
      };
    },
    dispose() {
      disposed = true;
      cancelAnimationFrame(frame);
      detachInput();
      detachTouch();
      transport.close();
      for (const system of [...systems].reverse()) system.dispose?.();
      audio?.dispose();
      worldText.dispose();
      motion.dispose();
      removeTestHook();
      campus.dispose();
      output.dispose();
    },
  };
};
