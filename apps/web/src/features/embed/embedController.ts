import { DEFAULT_BRIDGE_POSITION, type WorldLocation, type WorldToHost } from '@atrium/protocol';
import { FrameEvent, isFrameCommand, type FrameMessage } from '@atrium/player-sdk/messages';
import type { WorldHandle } from '@atrium/world/render';
import { createStore, type Store } from '../../shared/store.ts';
import type { EmbedDeps, EmbedState, StopReason } from './embedTypes.ts';
import { GuestDeclinedError } from './frameSession.ts';
import {
  DEBUG_BRIDGE_ORIGIN,
  handleSdkMessage,
  type BridgeTarget,
} from './session/bridgeMessages.ts';
import { frameCommands, type CommandTarget } from './session/frameCommands.ts';
import { InactivityClock } from './session/inactivity.ts';
import { Notice } from './session/notice.ts';
import { takePhoto } from './session/photo.ts';
import { SlotError, SlotLease } from './session/slotLease.ts';
import type { Timers } from './session/timers.ts';
import { EmbedText } from './texts.ts';

export type { EmbedDeps, EmbedPhase, EmbedState, StopReason } from './embedTypes.ts';
export { SLOT_RENEW_MS } from './session/slotLease.ts';

/**
 * The embed frame's session: the Player SDK commands from the host, the world's lifecycle, the
 * inactivity timer and the bridge messages in both directions.
 */
export class EmbedController {
  private readonly store: Store<EmbedState>;
  private world: WorldHandle | null = null;
  private location: WorldLocation | null;
  private quality = 0;
  private volume = 1;
  private generation = 0;
  private canResume = false;
  private debugOut: ((text: string) => void) | null = null;
  private unlisten: () => void = () => {};
  private canvas: HTMLCanvasElement | null = null;
  private readonly slot: SlotLease;
  private readonly inactivity: InactivityClock;
  private readonly notice: Notice;

  constructor(private readonly deps: EmbedDeps) {
    this.location = deps.share.default_location;
    this.quality = deps.share.default_quality;
    const timers: Timers = {
      set: deps.setTimeout ?? ((fn, ms) => window.setTimeout(fn, ms)),
      clear: deps.clearTimeout ?? ((h) => window.clearTimeout(h as number)),
    };
    this.slot = new SlotLease(deps.slots, () => deps.session.currentToken(), timers);
    this.inactivity = new InactivityClock(
      deps.flags.inactiveTimeoutMs,
      timers,
      () => this.state.phase === 'running',
      () => {
        this.post(FrameEvent.onUserInactive);
        this.stop('inactive');
      },
    );
    this.notice = new Notice(timers, (notice) => this.set({ notice }));
    this.store = createStore<EmbedState>({
      phase: 'idle',
      progress: 0,
      stopReason: null,
      error: null,
      prompt: null,
      connected: true,
      notice: null,
      thumbnailUrl: null,
      audioOn: true,
    });
  }

  /**
   * Starts hearing the host's commands, with the canvas the world draws on; `dispose` stops.
   * Safe to call again after `dispose`.
   */
  attach(canvas: HTMLCanvasElement): void {
    this.canvas = canvas;
    this.unlisten();
    this.unlisten = this.deps.host.listen((message, origin) => this.handleCommand(message, origin));
  }

  getState = (): EmbedState => this.store.get();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  private get state(): EmbedState {
    return this.store.get();
  }

  private set(patch: Partial<EmbedState>): void {
    this.store.update((state) => ({ ...state, ...patch }));
  }

  /** Tells the host the frame is ready for commands (SDK `load`). */
  announceLoad(): void {
    this.deps.host.post(FrameEvent.load);
  }

  /** Starts (or restarts) the world at the current location. Double starts are ignored. */
  async start(): Promise<void> {
    const canvas = this.canvas;
    if (!canvas || this.state.phase === 'starting' || this.state.phase === 'running') return;
    this.generation += 1;
    const generation = this.generation;
    this.canResume = false;
    this.deps.host.post(FrameEvent.onResumeSession, { canResumeSession: false });
    this.set({ phase: 'starting', progress: 0, stopReason: null, error: null, prompt: null });
    this.post(FrameEvent.onAppInstallProgress, 0);
    try {
      const token = await this.deps.session.ensureToken();
      if (generation !== this.generation) return;
      if (!(await this.slot.take(token, () => generation !== this.generation))) return;
      const world = await this.deps.startWorld(canvas, {
        getToken: () => this.deps.session.currentToken(),
        world: this.deps.share.world,
        ...(this.location ? { location: this.location } : {}),
        onProgress: (percent) => {
          if (generation !== this.generation) return;
          if (percent >= 100) this.started();
          else {
            this.set({ progress: percent });
            this.post(FrameEvent.onAppInstallProgress, percent);
          }
        },
        onError: (error) => {
          if (generation === this.generation) this.crashed(error);
        },
        onBridge: (message) => this.toHost(message),
        onPrompt: (prompt) => this.set({ prompt }),
        onConnection: (connected) => this.set({ connected }),
      });
      if (generation !== this.generation) {
        world.dispose();
        return;
      }
      this.world = world;
      world.setQuality(this.quality);
      world.setVolume(this.volume);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof GuestDeclinedError) {
        // The visitor said no to entering as a guest: the cover and Play come back.
        this.post(FrameEvent.onAppInstallFail);
        this.set({ phase: 'idle', progress: 0 });
        return;
      }
      console.error(error);
      this.releaseSlot();
      this.post(FrameEvent.onAppInstallFail);
      this.set({
        phase: 'failed',
        error: error instanceof SlotError ? error.message : EmbedText.startFailed,
      });
    }
  }

  /** Gives the stream slot back (also on page unload, through sendBeacon). */
  releaseSlot(unloading = false): void {
    this.slot.release(unloading);
  }

  private started(): void {
    if (this.state.phase !== 'starting') return;
    this.set({ phase: 'running', progress: 100 });
    this.post(FrameEvent.onAppInstallProgress, 100);
    this.post(FrameEvent.onAppInstallSuccess);
    this.post(FrameEvent.onAppStart);
    this.post(FrameEvent.onStreamStart);
    this.world?.setAudio(this.state.audioOn);
    this.inactivity.start();
  }

  private crashed(error: Error): void {
    console.error(error);
    const wasStarting = this.state.phase === 'starting';
    this.teardown();
    if (wasStarting) {
      this.post(FrameEvent.onAppInstallFail);
      this.set({ phase: 'failed', error: EmbedText.startFailed });
      return;
    }
    this.post(FrameEvent.onAppStop, error.message);
    this.endSession('crash');
  }

  /** Stops the world and tells the host the session ended. */
  stop(reason: StopReason): void {
    if (this.state.phase !== 'running' && this.state.phase !== 'starting') return;
    this.teardown();
    this.endSession(reason);
  }

  private endSession(reason: StopReason): void {
    this.canResume = reason === 'inactive';
    this.set({ phase: 'stopped', stopReason: reason, prompt: null, progress: 0 });
    this.post(FrameEvent.onResumeSession, { canResumeSession: this.canResume });
    this.post(FrameEvent.onSessionStopped);
  }

  private teardown(): void {
    this.generation += 1;
    this.releaseSlot();
    this.world?.dispose();
    this.world = null;
    this.inactivity.stop();
  }

  /** Any input from the visitor: restarts the inactivity clock. */
  activity(): void {
    if (this.state.phase !== 'running') return;
    if (this.inactivity.wake()) this.post(FrameEvent.onUserActive);
  }

  /** The camera key and button: saves the current view to the album. */
  async takePhoto(): Promise<void> {
    const world = this.world;
    if (!world || this.state.phase !== 'running') return;
    await takePhoto(world, this.deps, {
      notice: (text, autoHide) => this.notice.post(text, autoHide),
      toHost: (message) => this.toHost(message),
    });
  }

  setAudio(on: boolean): void {
    this.set({ audioOn: on });
    this.world?.setAudio(on);
  }

  interact(): void {
    this.world?.interact();
  }

  private post(type: FrameEvent, value?: unknown): void {
    this.deps.host.post(type, value);
  }

  private toHost(message: WorldToHost): void {
    const text = JSON.stringify(message);
    this.post(FrameEvent.onSDKMessage, text);
    this.debugOut?.(text);
  }

  /** Where the world's SDK messages also go (the local debug bridge), or null. */
  setDebugOutput(send: ((text: string) => void) | null): void {
    this.debugOut = send;
  }

  /** An SDK message from the local debug bridge: treated like the host's, minus the session. */
  receiveDebugMessage(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    handleSdkMessage(this.bridge, text, DEBUG_BRIDGE_ORIGIN);
  }

  /** A Player SDK command from the host (already checked for source and origin). */
  handleCommand(message: FrameMessage, origin: string): void {
    const { type, value } = message;
    // Commands of a newer SDK than this frame are ignored.
    if (!isFrameCommand(type)) return;
    frameCommands[type](this.commands, value, origin);
  }

  /** What the host's commands do here. */
  private readonly commands: CommandTarget = {
    setLocation: (location: WorldLocation) => {
      this.location = location;
    },
    start: () => void this.start(),
    stop: (reason) => this.stop(reason),
    restart: () => {
      this.teardown();
      this.set({ phase: 'idle' });
      void this.start();
    },
    resume: () => {
      if (this.canResume && this.state.phase === 'stopped') void this.start();
    },
    fullscreen: (on) => this.deps.fullscreen?.(on),
    setQuality: (quality) => {
      this.quality = quality;
      this.world?.setQuality(quality);
    },
    setVolume: (volume) => {
      this.volume = volume;
      this.world?.setVolume(volume);
    },
    setThumbnailUrl: (thumbnailUrl) => this.set({ thumbnailUrl }),
    sdkMessage: (text, origin) => handleSdkMessage(this.bridge, text, origin),
    answer: (type, ask) => {
      ask().then(
        (answer) => this.post(type, answer),
        (error: unknown) => this.post(type, { error: messageOf(error) ?? EmbedText.startFailed }),
      );
    },
    serverInfo: () => {
      if (!this.deps.serverInfo) throw new Error('Server information is not available.');
      return this.deps.serverInfo;
    },
  };

  /** What the host page's bridge messages do here. */
  private readonly bridge: BridgeTarget = {
    activity: () => this.activity(),
    session: (token, origin) => {
      // Only a page of this server may hand over its visitor's session.
      if (origin === (this.deps.selfOrigin ?? window.location.origin)) {
        this.deps.session.setHostToken(token);
      }
    },
    setAudio: (on) => this.setAudio(on),
    toHost: (message) => this.toHost(message),
    position: () => this.world?.position() ?? DEFAULT_BRIDGE_POSITION,
    perform: (action) => this.world?.perform(action),
    notice: (text) => this.notice.post(text),
    takePhoto: () => void this.takePhoto(),
  };

  /** Stops the world and stops hearing the host. */
  dispose(): void {
    this.unlisten();
    this.unlisten = () => {};
    const wasLive = this.state.phase === 'running' || this.state.phase === 'starting';
    this.teardown();
    if (wasLive) this.set({ phase: 'idle', progress: 0, prompt: null });
    this.notice.clear();
  }
}

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}
