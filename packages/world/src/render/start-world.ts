import {
  decodeSnapshot,
  EmoteSchema,
  WORLD_LAYOUTS,
  WorldConstants,
  type AvatarState,
  type BridgePosition,
  type WorldLocation,
  type WorldMove,
  type WorldToHost,
} from '@atrium/protocol';
import * as THREE from 'three';
import { lookFromSeed } from '../avatar-look.ts';
import { cameraOffset, clampCameraOffset, createCamera, turnCamera } from '../camera.ts';
import { emotePhase, startEmote, updateEmote, type EmoteState } from '../emotes.ts';
import { createEngine } from '../engine.ts';
import { consumeActions, createInputState, isMoving } from '../input.ts';
import { nearbyPrompt, pickInteraction, type Interactable } from '../interaction.ts';
import { createAvatarBody, stepMovement, type AvatarBody } from '../movement.ts';
import { createNetSync, netSyncStep } from '../net-sync.ts';
import { buildNavGrid, findPath } from '../pathfinding.ts';
import { createAmbientAudio } from './ambient-audio.ts';
import { avatarLabel, createAvatarView } from './avatar-view.ts';
import { buildCampusScene } from './campus-scene.ts';
import { attachDomInput, type InputSink } from './dom-input.ts';
import { fetchPosters, hangPosters, posterIdOf, type PosterWall } from './poster-wall.ts';
import { buildPortals } from './portals.ts';
import { createRemoteAvatars } from './remote-avatars.ts';
import { createWorldRenderer } from './renderer.ts';
import { installTestHook } from './test-hook.ts';
import { attachTouchInput } from './touch-input.ts';
import { connectWorldSocket, joinWorld, type WorldSocket } from './world-socket.ts';

/** Options for {@link startWorld}. */
export interface StartWorldOptions {
  /** The session's current access token (accounts and guests both have one); read on connect. */
  getToken: () => string;
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
  /** Performs an action another person asked for; emote names (e.g. `dance`) play that emote. */
  perform(action: string): void;
  /** Stops the loop, leaves the world, and frees the GPU resources. */
  dispose(): void;
}

const CAPTURE_MAX_W = 1920;
const CAPTURE_MAX_H = 1080;
const LOOK_HEIGHT = 1.4;

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/** Starts the campus world on `canvas`: scene, socket, input and the engine loop. */
export const startWorld = (canvas: HTMLCanvasElement, options: StartWorldOptions): WorldHandle => {
  const {
    onProgress = () => {},
    onError = () => {},
    onBridge = () => {},
    onPrompt = () => {},
    onConnection = () => {},
  } = options;
  const worldId = options.world ?? 'campus';
  const layout = WORLD_LAYOUTS[worldId];
  if (!layout) throw new Error(`Unknown world ${worldId}.`);
  let disposed = false;
  let socket: WorldSocket | null = null;
  let frame = 0;

  const output = createWorldRenderer(canvas);
  const view = output.camera;
  const campus = buildCampusScene(layout);
  const { scene } = campus;
  const portals = buildPortals(scene, layout);
  const audio = createAmbientAudio();
  let posterWall: PosterWall | null = null;
  let targets: readonly Interactable[] = portals.targets;
  let promptShown: string | null = null;
  onProgress(10);

  // Local avatar and systems.
  const grid = buildNavGrid(layout, WorldConstants.avatarRadius);
  let body: AvatarBody = createAvatarBody(layout);
  let prevBody = body;
  let selfEmote: EmoteState = null;
  let selfIndex = -1;
  let selfId = '';
  let joined = false;
  let net = createNetSync();
  let selfView: ReturnType<typeof createAvatarView> | null = null;
  const remotes = createRemoteAvatars(scene, () => selfIndex);

  const raycaster = new THREE.Raycaster();
  const sink: InputSink = {
    input: createInputState(),
    camera: createCamera(),
    walkTo(clientX, clientY) {
      const rect = canvas.getBoundingClientRect();
      const ndc = new THREE.Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      );
      raycaster.setFromCamera(ndc, view);
      const hit = raycaster.intersectObject(campus.ground, false)[0];
      if (hit) body = { ...body, path: findPath(grid, body, { x: hit.point.x, z: hit.point.z }) };
    },
  };
  const detachInput = attachDomInput(canvas, sink);
  const detachTouch = canvas.parentElement
    ? attachTouchInput(canvas, sink, canvas.parentElement)
    : () => {};

  const useTarget = (target: Interactable) => {
    if (target.kind === 'poster') {
      onBridge({ type: 'poster_open', id: Number(target.id.slice('poster:'.length)) });
    } else if (target.kind === 'portal') {
      const key = portals.keyOf(target.id);
      if (key) onBridge({ type: 'other_world', key });
    }
  };
  /** E, or a click: the target in reach, else a poster under the pointer within reach. */
  const interact = (pointer: { x: number; y: number } | null) => {
    const near = pickInteraction(body, targets);
    if (near) {
      useTarget(near);
      return;
    }
    if (!pointer || !posterWall) return;
    const rect = canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((pointer.x - rect.left) / rect.width) * 2 - 1,
      -((pointer.y - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(ndc, view);
    const hit = raycaster.intersectObjects(scene.getObjectsByProperty('name', 'poster-wall'))[0];
    const id = posterIdOf(hit?.object);
    if (id !== null && hit && hit.distance < 12) onBridge({ type: 'poster_open', id });
  };

  const engine = createEngine({
    now: () => performance.now(),
    systems: [
      {
        name: 'input+movement',
        update(dt, nowMs) {
          const { state, actions } = consumeActions(sink.input);
          sink.input = state;
          let jump = false;
          for (const action of actions) {
            if (action.type === 'jump') jump = true;
            else if (action.type === 'emote') {
              selfEmote = startEmote(action.emote, nowMs);
              if (joined) socket?.emit('world:emote', { emote: action.emote });
            } else if (action.type === 'interact') interact(sink.lastClick ?? null);
            else onBridge({ type: 'inventory_open' });
          }
          sink.lastClick = null;
          sink.camera = turnCamera(sink.camera, sink.input.look, dt);
          prevBody = body;
          body = stepMovement(body, { ...sink.input, jump }, sink.camera.yaw, dt, layout);
          const prompt = nearbyPrompt(body, targets)?.text ?? null;
          if (prompt !== promptShown) {
            promptShown = prompt;
            onPrompt(prompt);
          }
        },
      },
      {
        name: 'emotes',
        update(_dt, nowMs) {
          selfEmote = updateEmote(selfEmote, nowMs, isMoving(sink.input) || body.path !== null);
          remotes.step(nowMs);
        },
      },
      {
        name: 'net-sync',
        update(_dt, nowMs) {
          if (!joined || !socket) return;
          const move: WorldMove = { x: body.x, y: body.y, z: body.z, ry: body.ry, anim: body.anim };
          const step = netSyncStep(net, move, nowMs);
          net = step.state;
          if (step.send) socket.emit('world:move', step.send);
        },
      },
    ],
  });

  let selfState: AvatarState | null = null;
  const removeTestHook = installTestHook(() => ({
    self: {
      x: body.x,
      z: body.z,
      anim: body.anim,
      emote: selfEmote?.emote ?? null,
      label: selfState ? avatarLabel(selfState) : null,
      look: selfState ? lookFromSeed(selfState.look) : null,
    },
    camera: { yaw: sink.camera.yaw, pitch: sink.camera.pitch },
    remotes: remotes.summary(),
  }));

  const lookAt = new THREE.Vector3();
  let lastFrameMs = performance.now();
  let firstFrame = true;
  const renderFrame = () => {
    frame = requestAnimationFrame(renderFrame);
    const now = performance.now();
    const dt = Math.min(0.1, (now - lastFrameMs) / 1000);
    lastFrameMs = now;
    output.adapt(dt);
    engine.tick(now);
    const a = engine.alpha;
    const x = prevBody.x + (body.x - prevBody.x) * a;
    const y = prevBody.y + (body.y - prevBody.y) * a;
    const z = prevBody.z + (body.z - prevBody.z) * a;
    const t = now / 1000;
    selfView?.update(
      {
        x,
        y,
        z,
        ry: body.ry,
        anim: body.anim,
        emote: selfEmote?.emote ?? null,
        emotePhase: selfEmote ? emotePhase(selfEmote, engine.timeMs) : 0,
      },
      t,
      dt,
    );
    remotes.draw(now, engine.timeMs, t, dt);
    campus.update(t);
    portals.update(t);
    // Inside a building, the camera comes in front of the wall that would hide the avatar.
    const offset = clampCameraOffset({ x, z }, cameraOffset(sink.camera), layout.obstacles);
    lookAt.set(x, LOOK_HEIGHT, z);
    view.position.set(x + offset.x, LOOK_HEIGHT + offset.y, z + offset.z);
    view.lookAt(lookAt);
    output.render(scene);
    if (firstFrame && joined) {
      firstFrame = false;
      onProgress(100);
    }
  };

  const loadPosters = async () => {
    try {
      const posters = await fetchPosters(worldId);
      if (disposed) return;
      posterWall = await hangPosters(scene, layout, posters, (done, total) => {
        if (total > 0) onProgress(10 + Math.round((done / total) * 40));
      });
      if (disposed) {
        posterWall.dispose();
        return;
      }
      targets = [...portals.targets, ...posterWall.targets];
    } catch (err) {
      // Bare walls are better than no world.
      console.warn('Could not load the posters', err);
    }
  };

  const enter = async (s: WorldSocket) => {
    const ack = await joinWorld(s, worldId, options.location);
    if (disposed) return;
    for (const r of remotes.summary()) remotes.remove(r.id);
    selfIndex = ack.self.index;
    selfId = ack.self.id;
    selfState = ack.self;
    body = { ...body, x: ack.self.x, y: ack.self.y, z: ack.self.z, ry: ack.self.ry, path: null };
    prevBody = body;
    if (!selfView) {
      selfView = createAvatarView(ack.self.look, avatarLabel(ack.self), { self: true });
      scene.add(selfView.root);
    }
    for (const other of ack.others) remotes.add(other, performance.now());
    joined = true;
  };

  const connect = async (): Promise<void> => {
    await loadPosters();
    if (disposed) return;
    socket = await connectWorldSocket(options.getToken);
    if (disposed) {
      socket.close();
      return;
    }
    onProgress(65);
    const s = socket;
    s.on('world:snapshot', (data) => {
      const snapshot = decodeSnapshot(data);
      if (snapshot) remotes.applySnapshot(snapshot.avatars, performance.now());
    });
    s.on('world:joined', (state) => remotes.add(state, performance.now()));
    s.on('world:left', ({ id }) => remotes.remove(id));
    s.on('world:emoted', ({ id, emote }) => {
      if (id !== selfId) remotes.emote(id, emote, engine.timeMs);
    });
    s.on('world:correction', (state) => {
      body = { ...body, x: state.x, y: state.y, z: state.z, ry: state.ry, vy: 0, path: null };
      prevBody = body;
    });
    s.on('disconnect', (reason) => {
      joined = false;
      if (disposed) return;
      onConnection(false);
      // The server closed us on purpose (e.g. signed out elsewhere): no automatic reconnect.
      if (reason === 'io server disconnect') onError(new Error('The world closed the connection.'));
    });
    s.io.on('reconnect', () => {
      enter(s)
        .then(() => onConnection(true))
        .catch((err: unknown) => {
          if (!disposed) onError(toError(err));
        });
    });
    await enter(s);
    onProgress(90);
  };

  frame = requestAnimationFrame(renderFrame);
  connect().catch((err: unknown) => {
    if (!disposed) onError(toError(err));
  });

  const nearestLocation = (): WorldLocation => {
    let best: WorldLocation = 'plaza';
    let bestDistance = Infinity;
    for (const [name, spot] of Object.entries(layout.spots) as [
      WorldLocation,
      typeof layout.spawn,
    ][]) {
      const d = Math.hypot(spot.x - body.x, spot.z - body.z);
      if (d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
    return best;
  };

  return {
    position: () => ({ x: body.x.toFixed(2), y: body.y.toFixed(2), z: body.z.toFixed(2) }),
    nearestLocation,
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
    interact: () => interact(null),
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
      posterWall?.dispose();
      portals.dispose();
      audio?.dispose();
      removeTestHook();
      socket?.close();
      remotes.dispose();
      selfView?.dispose();
      campus.dispose();
      output.dispose();
    },
  };
};
