import { CAMPUS_LAYOUT, decodeSnapshot, WorldConstants, type WorldMove } from '@atrium/protocol';
import * as THREE from 'three';
import { cameraOffset, createCamera } from '../camera.ts';
import { emotePhase, startEmote, updateEmote, type EmoteState } from '../emotes.ts';
import { createEngine } from '../engine.ts';
import { consumeActions, createInputState, isMoving } from '../input.ts';
import { createAvatarBody, stepMovement, type AvatarBody } from '../movement.ts';
import { createNetSync, netSyncStep } from '../net-sync.ts';
import { buildNavGrid, findPath } from '../pathfinding.ts';
import { createAvatarView } from './avatar-view.ts';
import { buildCampusScene } from './campus-scene.ts';
import { attachDomInput, type InputSink } from './dom-input.ts';
import { createRemoteAvatars } from './remote-avatars.ts';
import { installTestHook } from './test-hook.ts';
import { connectWorldSocket, joinWorld, type WorldSocket } from './world-socket.ts';

/** Options for {@link startWorld}. */
export interface StartWorldOptions {
  /** The session's access token (accounts and guests both have one). */
  token: string;
  /** Loading progress, 0–100, as real steps complete. */
  onProgress?: (percent: number) => void;
  /** Startup or connection failures. */
  onError?: (error: Error) => void;
}

/** A running world. */
export interface WorldHandle {
  /** Stops the loop, leaves the world, and frees the GPU resources. */
  dispose(): void;
}

const WORLD_ID = 'campus';
const LOOK_HEIGHT = 1.4;
const SLOW_FRAME_S = 1 / 30;
const MIN_PIXEL_RATIO = 0.5;

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/** Starts the campus world on `canvas`: scene, socket, input and the engine loop. */
export const startWorld = (canvas: HTMLCanvasElement, options: StartWorldOptions): WorldHandle => {
  const { onProgress = () => {}, onError = () => {} } = options;
  const layout = CAMPUS_LAYOUT;
  let disposed = false;
  let socket: WorldSocket | null = null;
  let frame = 0;

  const renderer = new THREE.WebGLRenderer({
    canvas,
    // Off: MSAA is the first thing software GL cannot afford; adaptive resolution does the rest.
    antialias: false,
    powerPreference: 'high-performance',
  });
  let pixelRatio = Math.min(window.devicePixelRatio, 2);
  renderer.setPixelRatio(pixelRatio);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.05;

  const campus = buildCampusScene(layout);
  const { scene } = campus;
  const view = new THREE.PerspectiveCamera(55, 1, 0.1, 500);
  const resize = () => {
    const { clientWidth: w, clientHeight: h } = canvas;
    if (w === 0 || h === 0) return;
    renderer.setSize(w, h, false);
    view.aspect = w / h;
    view.updateProjectionMatrix();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(canvas);
  resize();
  onProgress(25);

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
            }
            // Interact and inventory have no targets in the world yet.
          }
          prevBody = body;
          body = stepMovement(body, { ...sink.input, jump }, sink.camera.yaw, dt, layout);
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

  const removeTestHook = installTestHook(() => ({
    self: { x: body.x, z: body.z, anim: body.anim },
    remotes: remotes.summary(),
  }));

  const lookAt = new THREE.Vector3();
  let lastFrameMs = performance.now();
  let firstFrame = true;
  let slowFrames = 0;
  // Drops the resolution on slow machines (software GL): a sharp 4 fps world is worse than a soft 20.
  const adaptResolution = (dt: number) => {
    slowFrames = dt > SLOW_FRAME_S ? slowFrames + 1 : Math.max(0, slowFrames - 1);
    if (slowFrames < 20 || pixelRatio <= MIN_PIXEL_RATIO) return;
    slowFrames = 0;
    pixelRatio = Math.max(MIN_PIXEL_RATIO, pixelRatio * 0.75);
    renderer.setPixelRatio(pixelRatio);
    resize();
  };
  const renderFrame = () => {
    frame = requestAnimationFrame(renderFrame);
    const now = performance.now();
    const dt = Math.min(0.1, (now - lastFrameMs) / 1000);
    lastFrameMs = now;
    adaptResolution(dt);
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
    const offset = cameraOffset(sink.camera);
    lookAt.set(x, LOOK_HEIGHT, z);
    view.position.set(x + offset.x, LOOK_HEIGHT + offset.y, z + offset.z);
    view.lookAt(lookAt);
    campus.sun.position.set(x + 18, 30, z + 12);
    campus.sun.target.position.set(x, 0, z);
    renderer.render(scene, view);
    if (firstFrame && joined) {
      firstFrame = false;
      onProgress(100);
    }
  };

  const connect = async (): Promise<void> => {
    socket = await connectWorldSocket(options.token);
    if (disposed) {
      socket.close();
      return;
    }
    onProgress(50);
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
    const ack = await joinWorld(s, WORLD_ID);
    if (disposed) return;
    selfIndex = ack.self.index;
    selfId = ack.self.id;
    body = { ...body, x: ack.self.x, y: ack.self.y, z: ack.self.z, ry: ack.self.ry };
    prevBody = body;
    selfView = createAvatarView(ack.self.id, `${ack.self.username} (${ack.self.roleLabel})`, {
      self: true,
    });
    scene.add(selfView.root);
    for (const other of ack.others) remotes.add(other, performance.now());
    joined = true;
    onProgress(75);
  };

  frame = requestAnimationFrame(renderFrame);
  connect().catch((err: unknown) => {
    if (!disposed) onError(toError(err));
  });

  return {
    dispose() {
      disposed = true;
      cancelAnimationFrame(frame);
      detachInput();
      removeTestHook();
      resizeObserver.disconnect();
      socket?.close();
      remotes.dispose();
      selfView?.dispose();
      campus.dispose();
      renderer.dispose();
    },
  };
};
