import {
  DEFAULT_BRIDGE_POSITION,
  parseHostToWorld,
  UserActiveSchema,
  type HostToWorld,
  type PlayerId,
  type WorldLocation,
  type WorldToHost,
} from '@atrium/protocol';
import {
  FrameCommand,
  FrameEvent,
  isFrameCommand,
  type FrameMessage,
} from '@atrium/player-sdk/messages';
import type { WorldHandle } from '@atrium/world/render';
import { createStore, type Store } from '../../shared/store.ts';
import { parseLocation, parseQuality, parseThumbnailUrl, parseVolume } from './embedFlags.ts';
import {
  GuestDeclinedError,
  type EmbedDeps,
  type EmbedState,
  type StopReason,
} from './embedTypes.ts';
import { EmbedText } from './texts.ts';

export type { EmbedDeps, EmbedPhase, EmbedState, StopReason } from './embedTypes.ts';

const NOTICE_MS = 4000;
/** Not an origin any page can have: the bridge can never hand over a session. */
const DEBUG_BRIDGE_ORIGIN = 'debug-bridge:';
/** Slots are renewed well inside the server's time-to-live (120 s by default). */
export const SLOT_RENEW_MS = 45_000;

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
  private inactive = false;
  private inactivityTimer: unknown = null;
  private noticeTimer: unknown = null;
  private slot: PlayerId | null = null;
  private debugOut: ((text: string) => void) | null = null;
  private slotTimer: unknown = null;
  private unlisten: () => void = () => {};
  private canvas: HTMLCanvasElement | null = null;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: EmbedDeps) {
    this.location = deps.share.default_location;
    this.quality = deps.share.default_quality;
    this.setTimer = deps.setTimeout ?? ((fn, ms) => window.setTimeout(fn, ms));
    this.clearTimer = deps.clearTimeout ?? ((h) => window.clearTimeout(h as number));
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
      if (this.deps.slots) {
        let slot: PlayerId;
        try {
          slot = await this.deps.slots.take(token);
        } catch (error) {
          // The server's own words, e.g. that no stream slot is free.
          throw new SlotError(messageOf(error) ?? EmbedText.startFailed, { cause: error });
        }
        if (generation !== this.generation) {
          this.deps.slots.reclaim(slot.uniqueId);
          return;
        }
        this.holdSlot(slot);
      }
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

  private holdSlot(slot: PlayerId): void {
    this.slot = slot;
    const renew = () => {
      this.slotTimer = this.setTimer(() => {
        const held = this.slot;
        if (!held || !this.deps.slots) return;
        this.deps.slots
          .take(this.deps.session.currentToken(), held.uniqueId)
          .then(renew, (error: unknown) => console.warn('Could not renew the stream slot', error));
      }, SLOT_RENEW_MS);
    };
    renew();
  }

  /** Gives the stream slot back (also on page unload, through sendBeacon). */
  releaseSlot(unloading = false): void {
    if (this.slotTimer !== null) this.clearTimer(this.slotTimer);
    this.slotTimer = null;
    if (this.slot) this.deps.slots?.reclaim(this.slot.uniqueId, unloading);
    this.slot = null;
  }

  private started(): void {
    if (this.state.phase !== 'starting') return;
    this.set({ phase: 'running', progress: 100 });
    this.post(FrameEvent.onAppInstallProgress, 100);
    this.post(FrameEvent.onAppInstallSuccess);
    this.post(FrameEvent.onAppStart);
    this.post(FrameEvent.onStreamStart);
    this.world?.setAudio(this.state.audioOn);
    this.inactive = false;
    this.armInactivity();
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
    if (this.inactivityTimer !== null) this.clearTimer(this.inactivityTimer);
    this.inactivityTimer = null;
  }

  /** Any input from the visitor: restarts the inactivity clock. */
  activity(): void {
    if (this.state.phase !== 'running') return;
    if (this.inactive) {
      this.inactive = false;
      this.post(FrameEvent.onUserActive);
    }
    this.armInactivity();
  }

  private armInactivity(): void {
    if (this.inactivityTimer !== null) this.clearTimer(this.inactivityTimer);
    this.inactivityTimer = this.setTimer(() => {
      this.inactivityTimer = null;
      if (this.state.phase !== 'running') return;
      this.inactive = true;
      this.post(FrameEvent.onUserInactive);
      this.stop('inactive');
    }, this.deps.flags.inactiveTimeoutMs);
  }

  /** The camera key and button: saves the current view to the album. */
  async takePhoto(): Promise<void> {
    const world = this.world;
    if (!world || this.state.phase !== 'running') return;
    const placeId = `${this.deps.share.world}:${world.nearestLocation()}`;
    const image = world.capture();
    this.notice(EmbedText.photoSaving, false);
    try {
      await this.deps.savePhoto(image, placeId, this.deps.session.currentToken());
      this.notice(EmbedText.photoSaved);
      this.toHost({ type: 'screenshot_saved', place_id: placeId });
    } catch (error) {
      const message = error instanceof Error ? error.message : EmbedText.startFailed;
      this.notice(message);
      this.toHost({ type: 'screenshot_failed', message: message.slice(0, 500) });
    }
  }

  setAudio(on: boolean): void {
    this.set({ audioOn: on });
    this.world?.setAudio(on);
  }

  interact(): void {
    this.world?.interact();
  }

  private notice(text: string, autoHide = true): void {
    if (this.noticeTimer !== null) this.clearTimer(this.noticeTimer);
    this.noticeTimer = null;
    this.set({ notice: text });
    if (autoHide) {
      this.noticeTimer = this.setTimer(() => {
        this.noticeTimer = null;
        this.set({ notice: null });
      }, NOTICE_MS);
    }
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
    this.handleSdkMessage(text, DEBUG_BRIDGE_ORIGIN);
  }

  /** A Player SDK command from the host (already checked for source and origin). */
  handleCommand(message: FrameMessage, origin: string): void {
    const { type, value } = message;
    // Commands of a newer SDK than this frame are ignored.
    if (!isFrameCommand(type)) return;
    switch (type) {
      case FrameCommand.setLocation: {
        const location = parseLocation(value);
        if (location) this.location = location;
        return;
      }
      case FrameCommand.start: {
        const location = parseLocation(value);
        if (location) this.location = location;
        void this.start();
        return;
      }
      case FrameCommand.stop:
        this.stop('host');
        return;
      case FrameCommand.restartStream:
        this.teardown();
        this.set({ phase: 'idle' });
        void this.start();
        return;
      case FrameCommand.resumeSession:
        if (this.canResume && this.state.phase === 'stopped') void this.start();
        return;
      case FrameCommand.maximize:
        this.deps.fullscreen?.(true);
        return;
      case FrameCommand.minimize:
        this.deps.fullscreen?.(false);
        return;
      case FrameCommand.quality: {
        const quality = parseQuality(value);
        if (quality === null) return;
        this.quality = quality;
        this.world?.setQuality(quality);
        return;
      }
      case FrameCommand.setVolume: {
        const volume = parseVolume(value);
        if (volume === null) return;
        this.volume = volume;
        this.world?.setVolume(volume);
        return;
      }
      case FrameCommand.setThumbnailUrl:
        this.set({ thumbnailUrl: parseThumbnailUrl(value) });
        return;
      case FrameCommand.sendSDKMessage:
        this.handleSdkMessage(value, origin);
        return;
      case FrameCommand.getServerAvailability:
        void this.answer(FrameEvent.getServerAvailability, async () => ({
          stats: await this.requireInfo().availability(),
        }));
        return;
      case FrameCommand.getServerMetadata:
        void this.answer(FrameEvent.getServerMetadata, async () => ({
          metadata: await this.requireInfo().metadata(),
        }));
        return;
      case FrameCommand.version:
        // The host SDK's version needs no answer.
        return;
      default: {
        // A command added to FrameCommand fails to compile here until the frame handles it.
        const unhandled: never = type;
        return unhandled;
      }
    }
  }

  private requireInfo() {
    if (!this.deps.serverInfo) throw new Error('Server information is not available.');
    return this.deps.serverInfo;
  }

  /** Answers an SDK question with `{...}` or `{ error }`, under the question's own name. */
  private async answer(type: FrameEvent, ask: () => Promise<object>): Promise<void> {
    try {
      this.post(type, await ask());
    } catch (error) {
      this.post(type, { error: messageOf(error) ?? EmbedText.startFailed });
    }
  }

  private handleSdkMessage(text: unknown, origin: string): void {
    if (typeof text === 'string' && UserActiveSchema.safeParse(safeJson(text)).success) {
      this.activity();
      return;
    }
    const message = parseHostToWorld(text);
    if (message) this.handleBridge(message, origin);
  }

  private handleBridge(message: HostToWorld, origin: string): void {
    switch (message.type) {
      case 'session':
        // Only a page of this server may hand over its visitor's session.
        if (origin === (this.deps.selfOrigin ?? window.location.origin)) {
          this.deps.session.setHostToken(message.token);
        }
        return;
      case 'play_metaverse_audio':
        this.setAudio(true);
        return;
      case 'stop_metaverse_audio':
        this.setAudio(false);
        return;
      case 'request_position':
        this.toHost({
          type: 'request_position_respons',
          position: this.world?.position() ?? DEFAULT_BRIDGE_POSITION,
        });
        return;
      case 'user_action_yes':
        this.world?.perform(message.action);
        return;
      case 'user_action_no':
        return;
      case 'notification_new':
        this.notice(message.text);
        return;
      case 'take_screenshot':
        void this.takePhoto();
        return;
      case 'emote':
        this.world?.perform(message.emote);
        return;
      case 'mini_game_finished':
        // The host already showed the result; the server announces wins to the whole campus.
        return;
    }
  }

  /** Stops the world and stops hearing the host. */
  dispose(): void {
    this.unlisten();
    this.unlisten = () => {};
    const wasLive = this.state.phase === 'running' || this.state.phase === 'starting';
    this.teardown();
    if (wasLive) this.set({ phase: 'idle', progress: 0, prompt: null });
    if (this.noticeTimer !== null) this.clearTimer(this.noticeTimer);
    this.noticeTimer = null;
  }
}

/** Taking a stream slot failed; its message is the server's. */
class SlotError extends Error {}

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
