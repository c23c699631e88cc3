import { DebugSocket, DEFAULT_DEBUG_HOST } from './debug-socket.ts';
import { buildEmbedTarget, cleanShareId, detectScriptOrigin } from './embed-url.ts';
import { FrameChannel } from './frame.ts';
import { PlayerEvents } from './player-events.ts';
import {
  FrameCommand,
  FrameEvent,
  QualityValues,
  type FrameCommandValues,
  type FrameMessage,
  type QualityValue,
  type ServerAvailability,
  type ServerMetadata,
} from './messages.ts';
import type {
  PlayerOptions,
  ServerAvailabilityCallback,
  ServerErrorCallback,
  ServerMetadataCallback,
} from './options.ts';
import { DEFAULT_QUALITY, resolveQuality } from './quality.ts';
import { Regions, type RegionCoordinates } from './regions.ts';
import * as texts from './texts.ts';
import { SDK_VERSION } from './version.ts';

/** How long to wait before sending the load-time messages again when the frame is not reachable. */
export const LOCATION_RESEND_DELAY_MS = 100;

/** The volume a player starts with. */
export const DEFAULT_VOLUME = 1;

const currentScriptSrc = (): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const script = document.currentScript;
  return script instanceof HTMLScriptElement ? script.src : undefined;
};

// `document.currentScript` is only set while this script is being evaluated: capture it now.
const SCRIPT_ORIGIN = detectScriptOrigin(currentScriptSrc(), import.meta.url);

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value !== '';

const FRAME_EVENTS: ReadonlySet<string> = new Set(Object.values(FrameEvent));
const isFrameEvent = (type: string): type is FrameEvent => FRAME_EVENTS.has(type);

interface PendingRequest<T> {
  success?: ((value: T) => void) | undefined;
  error?: ServerErrorCallback | undefined;
}

/**
 * Embeds an Atrium world in a host page and controls its session over `postMessage`.
 *
 * @example
 * ```ts
 * const player = new Player('campus', 'player-container', { hideTitle: true });
 * player.on('load', () => player.start());
 * player.on('sdkMessage', (data) => console.log(data));
 * ```
 * @public
 */
export class Player extends PlayerEvents {
  /** The streaming qualities for {@link Player.setQuality}: AUTO 0, LOW 360, MEDIUM 720, HIGH 1080. */
  static readonly qualityValues: typeof QualityValues = Object.freeze({ ...QualityValues });

  /** The coordinates of the streaming regions, for {@link Player.setDefaultLocation} and {@link Player.start}. */
  static readonly regions: typeof Regions = Regions;

  private readonly container: HTMLElement;
  private readonly frame: FrameChannel | undefined;
  private readonly debugSocket: DebugSocket | undefined;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly availabilityRequest: PendingRequest<ServerAvailability> = {};
  private readonly metadataRequest: PendingRequest<ServerMetadata> = {};
  private isLoaded = false;
  private destroyed = false;
  private currentQuality: QualityValue = DEFAULT_QUALITY;
  private currentVolume = DEFAULT_VOLUME;
  private currentLocation: RegionCoordinates | undefined;
  private restarting = false;
  private resumable = false;

  /**
   * Creates the embed frame `{server}/embed/{shareId}` in the element `containerId`, or, with
   * `debugAppMode`, connects to the local debug server instead.
   * @param shareId - the share id of the world; a query string on it is dropped.
   * @param containerId - the id of the element that receives the frame.
   * @param options - see {@link PlayerOptions}.
   * @throws Error `Bad parameters` when `shareId` or `containerId` is missing, empty or not a
   * string, or an option has the wrong type; `Cannot find the container` when no element has
   * the id `containerId`.
   */
  constructor(shareId: string, containerId: string, options: PlayerOptions = {}) {
    super();
    if (!isNonEmptyString(shareId) || !isNonEmptyString(containerId)) {
      throw new Error(texts.BAD_PARAMETERS);
    }
    const id = cleanShareId(shareId);
    if (id === '' || typeof options !== 'object' || options === null) {
      throw new Error(texts.BAD_PARAMETERS);
    }
    const target = buildEmbedTarget(id, options, SCRIPT_ORIGIN ?? location.origin);
    const container = document.getElementById(containerId);
    if (!container) throw new Error(texts.CONTAINER_NOT_FOUND);
    this.container = container;

    if (options.debugAppMode) {
      this.debugSocket = new DebugSocket(options.wsServerAddress || DEFAULT_DEBUG_HOST, {
        onOpen: () => {
          this.isLoaded = true;
          this.events.emit('load');
        },
        onSDKMessage: (data) => this.events.emit('sdkMessage', data),
      });
      container.textContent = texts.DEBUG_CONTAINER_TEXT;
    } else {
      this.frame = new FrameChannel(container, target, this.handleFrameMessage);
    }
  }

  /** True once the frame (or the debug socket) is ready; commands are ignored before. */
  get loaded(): boolean {
    return this.isLoaded;
  }

  /** The streaming quality last set, one of {@link Player.qualityValues}. Starts HIGH (1080). */
  get quality(): QualityValue {
    return this.currentQuality;
  }

  /** The volume last set, from 0 to 1. Starts at 1. */
  get volume(): number {
    return this.currentVolume;
  }

  /** The default location set with {@link Player.setDefaultLocation}, if any. */
  get location(): RegionCoordinates | undefined {
    return this.currentLocation;
  }

  /** True from {@link Player.restartStream} until the stream starts again. */
  get isRestartStream(): boolean {
    return this.restarting;
  }

  /** True when the frame reported that the last session can be resumed. */
  get canResumeSession(): boolean {
    return this.resumable;
  }

  /** True when this player runs in debug mode (no frame, a local WebSocket). */
  get debugAppMode(): boolean {
    return this.debugSocket !== undefined;
  }

  /**
   * Sets the location the session starts nearest to; sent now when loaded, else on load.
   * @param location - `[latitude, longitude]`, e.g. `Player.regions.EUW`.
   */
  setDefaultLocation(location: RegionCoordinates): void {
    this.currentLocation = location;
    if (this.canSend('setDefaultLocation')) this.post(FrameCommand.setLocation, location);
  }

  /** Alias of {@link Player.setDefaultLocation}. */
  setLocation(location: RegionCoordinates): void {
    this.setDefaultLocation(location);
  }

  /**
   * Starts a session.
   * @param location - where to start nearest to; defaults to the default location.
   */
  start(location?: RegionCoordinates): void {
    if (this.canSend('start')) this.post(FrameCommand.start, location ?? this.currentLocation);
  }

  /** Stops the session. */
  stop(): void {
    if (this.canSend('stop')) this.post(FrameCommand.stop);
  }

  /** Shows the frame full screen. */
  maximize(): void {
    if (this.canSend('maximize')) this.post(FrameCommand.maximize);
  }

  /** Leaves full screen. */
  minimize(): void {
    if (this.canSend('minimize')) this.post(FrameCommand.minimize);
  }

  /**
   * Sets the streaming quality. The Furioos constants 0..4 still work (ULTRA becomes HIGH) but
   * log a deprecation warning.
   * @param value - one of {@link Player.qualityValues}.
   * @throws Error `Bad parameter: The quality should be one of the given value in
   * Player.qualityValues` for any other value.
   */
  setQuality(value: QualityValue | 1 | 2 | 3 | 4): void {
    const quality = resolveQuality(value);
    if (!this.canSend('setQuality')) return;
    this.post(FrameCommand.quality, quality);
    this.currentQuality = quality;
  }

  /** Restarts the stream; warns instead while a restart is under way. */
  restartStream(): void {
    if (!this.canSend('restartStream')) return;
    if (this.restarting) {
      console.warn(texts.STREAM_ALREADY_RESTARTING);
      return;
    }
    this.restarting = true;
    this.post(FrameCommand.restartStream);
  }

  /** Resumes the last session; warns `No active session` unless the frame reported one. */
  resumeSession(): void {
    if (!this.canSend('resumeSession')) return;
    if (!this.resumable) {
      console.warn(texts.NO_ACTIVE_SESSION);
      return;
    }
    this.post(FrameCommand.resumeSession);
  }

  /**
   * Sends a message to the application. An object is sent as JSON text.
   * In debug mode it goes to the local debug server.
   */
  sendSDKMessage(data: unknown): void {
    if (!this.isLoaded) return;
    const payload = typeof data === 'object' ? JSON.stringify(data) : data;
    if (this.debugSocket) this.debugSocket.send(payload);
    else this.post(FrameCommand.sendSDKMessage, payload);
  }

  /** Tells the application the visitor is active: the SDK message `{ userActive: true }`. */
  setUserActive(): void {
    this.sendSDKMessage({ userActive: true });
  }

  /** Sets the picture the frame shows before the session starts. */
  setThumbnailUrl(thumbnailUrl: string): void {
    if (this.canSend('setThumbnailUrl')) this.post(FrameCommand.setThumbnailUrl, thumbnailUrl);
  }

  /**
   * Asks the server for its free slots. One answer calls `success` with the figures, or logs the
   * error and calls `error`.
   */
  getServerAvailability(success?: ServerAvailabilityCallback, error?: ServerErrorCallback): void {
    if (!this.canSend('getServerAvailability')) return;
    this.availabilityRequest.success = success;
    this.availabilityRequest.error = error;
    this.post(FrameCommand.getServerAvailability);
  }

  /**
   * Asks the server for its metadata. The answer calls `success` with them, or logs the error
   * and calls `error`.
   */
  getServerMetadata(success?: ServerMetadataCallback, error?: ServerErrorCallback): void {
    if (!this.canSend('getServerMetadata')) return;
    this.metadataRequest.success = success;
    this.metadataRequest.error = error;
    this.post(FrameCommand.getServerMetadata);
  }

  /**
   * Sets the sound volume.
   * @param volume - from 0 (mute) to 1.
   * @throws Error `Bad parameter: The volume should be a number between 0 and 1` otherwise.
   */
  setVolume(volume: number): void {
    if (typeof volume !== 'number' || !(volume >= 0 && volume <= 1)) {
      throw new Error(texts.BAD_VOLUME);
    }
    if (!this.canSend('setVolume')) return;
    this.post(FrameCommand.setVolume, volume);
    this.currentVolume = volume;
  }

  /** Removes the frame (or closes the debug socket), stops listening and drops every listener. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.isLoaded = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.frame?.destroy();
    if (this.debugSocket) {
      this.debugSocket.close();
      this.container.textContent = '';
    }
    this.events.clear();
  }

  /** Whether a frame command may go out now; in debug mode, logs that it is unavailable. */
  private canSend(command: string): boolean {
    if (this.debugSocket) {
      console.log(texts.unavailableInDebugMode(command));
      return false;
    }
    return this.isLoaded;
  }

  private post<K extends FrameCommand>(type: K, value?: FrameCommandValues[K]): boolean {
    return this.frame?.post(type, value) ?? false;
  }

  /** Posts now, or once more after a short delay when the frame's window is not reachable yet. */
  private postWhenReachable<K extends FrameCommand>(type: K, value: FrameCommandValues[K]): void {
    if (this.post(type, value)) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.post(type, value);
    }, LOCATION_RESEND_DELAY_MS);
    this.timers.add(timer);
  }

  private readonly handleFrameMessage = ({ type, value }: FrameMessage): void => {
    if (!isFrameEvent(type)) return;
    switch (type) {
      case FrameEvent.load:
        return this.handleLoad();
      case FrameEvent.error:
        return this.showError(value);
      case FrameEvent.onSDKMessage:
        return this.events.emit('sdkMessage', value);
      case FrameEvent.onUserActive:
        return this.events.emit('userActive');
      case FrameEvent.onUserInactive:
        return this.events.emit('userInactive');
      case FrameEvent.onSessionStopped:
        return this.events.emit('sessionStopped');
      case FrameEvent.onAppInstallProgress:
        return this.events.emit('appInstallProgress', value);
      case FrameEvent.onAppInstallSuccess:
        return this.events.emit('appInstallSuccess');
      case FrameEvent.onAppInstallFail:
        return this.events.emit('appInstallFail');
      case FrameEvent.onAppStart:
        return this.events.emit('appStart');
      case FrameEvent.onStreamStart:
        this.restarting = false;
        return this.events.emit('streamStart');
      case FrameEvent.onStats:
        return this.handleStats(value);
      case FrameEvent.onAppStop:
        return this.events.emit('appStop', value);
      case FrameEvent.onResumeSession:
        return this.handleResumeSession(value);
      case FrameEvent.getServerAvailability:
        return this.handleAnswer(
          value,
          'stats',
          this.availabilityRequest,
          texts.SERVER_AVAILABILITY_ERROR,
        );
      case FrameEvent.getServerMetadata:
        return this.handleAnswer(
          value,
          'metadata',
          this.metadataRequest,
          texts.SERVER_METADATA_ERROR,
        );
      default: {
        const unexpected: never = type;
        return unexpected;
      }
    }
  };

  private handleLoad(): void {
    this.isLoaded = true;
    if (this.currentLocation)
      this.postWhenReachable(FrameCommand.setLocation, this.currentLocation);
    this.postWhenReachable(FrameCommand.version, SDK_VERSION);
    this.events.emit('load');
  }

  private showError(value: unknown): void {
    const message = typeof value === 'string' ? value : String(value);
    const text = document.createElement('div');
    text.textContent = message;
    this.container.replaceChildren(text);
    this.events.emit('error', message);
  }

  private handleStats(value: unknown): void {
    let stats: unknown = value;
    if (typeof value === 'string') {
      try {
        stats = JSON.parse(value) as unknown;
      } catch {
        console.error(texts.INVALID_STATS);
        return;
      }
    }
    if (typeof stats === 'object' && stats !== null) {
      this.events.emit('stats', stats as ServerAvailability);
    }
  }

  private handleResumeSession(value: unknown): void {
    const state = value as { canResumeSession?: unknown } | null | undefined;
    if (typeof state?.canResumeSession !== 'boolean') return;
    this.resumable = state.canResumeSession;
    this.events.emit('resumeSession', { canResumeSession: this.resumable });
  }

  private handleAnswer<T>(
    value: unknown,
    key: 'stats' | 'metadata',
    request: PendingRequest<T>,
    errorText: string,
  ): void {
    if (typeof value !== 'object' || value === null) return;
    const answer = value as Record<string, unknown>;
    if (answer.error) {
      const error = typeof answer.error === 'string' ? answer.error : JSON.stringify(answer.error);
      console.log(errorText, error);
      request.error?.(error);
      return;
    }
    if (!request.success) {
      console.log(texts.NO_SUCCESS_CALLBACK);
      return;
    }
    request.success(answer[key] as T);
  }
}
