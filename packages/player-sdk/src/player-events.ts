import {
  Emitter,
  type PlayerEventMap,
  type PlayerEventName,
  type PlayerListener,
} from './events.ts';
import { legacyListenerDeprecated } from './texts.ts';

type LegacyListeners = { [K in PlayerEventName]?: PlayerListener<K> };

/**
 * The event half of {@link Player}: `on`/`off`, and the old-style `onX(callback)` methods of the
 * Furioos SDK, which still work but warn once per method.
 * @public
 */
export class PlayerEvents {
  /** The listeners; the player emits through it. */
  protected readonly events = new Emitter<PlayerEventMap>();
  private readonly legacyListeners: LegacyListeners = {};
  private readonly warnedLegacyMethods = new Set<string>();

  /**
   * Adds a listener for `event`.
   * @returns a function that removes the listener.
   */
  on<K extends PlayerEventName>(event: K, listener: PlayerListener<K>): () => void {
    this.events.on(event, listener);
    return () => this.events.off(event, listener);
  }

  /** Removes a listener added with {@link PlayerEvents.on}. */
  off<K extends PlayerEventName>(event: K, listener: PlayerListener<K>): void {
    this.events.off(event, listener);
  }

  /**
   * Binds the one old-style callback of the `load` event, replacing the one bound before.
   * @deprecated Use `player.on('load', callback)`.
   */
  onLoad(callback: PlayerListener<'load'>): void {
    this.bindLegacy('onLoad', 'load', callback);
  }

  /**
   * Binds the one old-style callback of the `error` event, replacing the one bound before.
   * @deprecated Use `player.on('error', callback)`.
   */
  onError(callback: PlayerListener<'error'>): void {
    this.bindLegacy('onError', 'error', callback);
  }

  /**
   * Binds the one old-style callback of the `sdkMessage` event, replacing the one bound before.
   * @deprecated Use `player.on('sdkMessage', callback)`.
   */
  onSDKMessage(callback: PlayerListener<'sdkMessage'>): void {
    this.bindLegacy('onSDKMessage', 'sdkMessage', callback);
  }

  /**
   * Binds the one old-style callback of the `userActive` event, replacing the one bound before.
   * @deprecated Use `player.on('userActive', callback)`.
   */
  onUserActive(callback: PlayerListener<'userActive'>): void {
    this.bindLegacy('onUserActive', 'userActive', callback);
  }

  /**
   * Binds the one old-style callback of the `userInactive` event, replacing the one bound before.
   * @deprecated Use `player.on('userInactive', callback)`.
   */
  onUserInactive(callback: PlayerListener<'userInactive'>): void {
    this.bindLegacy('onUserInactive', 'userInactive', callback);
  }

  /**
   * Binds the one old-style callback of the `sessionStopped` event, replacing the one bound before.
   * @deprecated Use `player.on('sessionStopped', callback)`.
   */
  onSessionStopped(callback: PlayerListener<'sessionStopped'>): void {
    this.bindLegacy('onSessionStopped', 'sessionStopped', callback);
  }

  /**
   * Binds the one old-style callback of the `appInstallProgress` event, replacing the one bound before.
   * @deprecated Use `player.on('appInstallProgress', callback)`.
   */
  onAppInstallProgress(callback: PlayerListener<'appInstallProgress'>): void {
    this.bindLegacy('onAppInstallProgress', 'appInstallProgress', callback);
  }

  /**
   * Binds the one old-style callback of the `appInstallSuccess` event, replacing the one bound before.
   * @deprecated Use `player.on('appInstallSuccess', callback)`.
   */
  onAppInstallSuccess(callback: PlayerListener<'appInstallSuccess'>): void {
    this.bindLegacy('onAppInstallSuccess', 'appInstallSuccess', callback);
  }

  /**
   * Binds the one old-style callback of the `appInstallFail` event, replacing the one bound before.
   * @deprecated Use `player.on('appInstallFail', callback)`.
   */
  onAppInstallFail(callback: PlayerListener<'appInstallFail'>): void {
    this.bindLegacy('onAppInstallFail', 'appInstallFail', callback);
  }

  /**
   * Binds the one old-style callback of the `appStart` event, replacing the one bound before.
   * @deprecated Use `player.on('appStart', callback)`.
   */
  onAppStart(callback: PlayerListener<'appStart'>): void {
    this.bindLegacy('onAppStart', 'appStart', callback);
  }

  /**
   * Binds the one old-style callback of the `streamStart` event, replacing the one bound before.
   * @deprecated Use `player.on('streamStart', callback)`.
   */
  onStreamStart(callback: PlayerListener<'streamStart'>): void {
    this.bindLegacy('onStreamStart', 'streamStart', callback);
  }

  /**
   * Binds the one old-style callback of the `stats` event, replacing the one bound before.
   * @deprecated Use `player.on('stats', callback)`.
   */
  onStats(callback: PlayerListener<'stats'>): void {
    this.bindLegacy('onStats', 'stats', callback);
  }

  /**
   * Binds the one old-style callback of the `appStop` event, replacing the one bound before.
   * @deprecated Use `player.on('appStop', callback)`.
   */
  onAppStop(callback: PlayerListener<'appStop'>): void {
    this.bindLegacy('onAppStop', 'appStop', callback);
  }

  /**
   * Binds the one old-style callback of the `resumeSession` event, replacing the one bound before.
   * @deprecated Use `player.on('resumeSession', callback)`.
   */
  onResumeSession(callback: PlayerListener<'resumeSession'>): void {
    this.bindLegacy('onResumeSession', 'resumeSession', callback);
  }

  /** Like the Furioos SDK, an old-style method replaces the callback it bound before. */
  private bindLegacy<K extends PlayerEventName>(
    method: string,
    event: K,
    callback: PlayerListener<K>,
  ): void {
    if (!this.warnedLegacyMethods.has(method)) {
      this.warnedLegacyMethods.add(method);
      console.warn(legacyListenerDeprecated(method, event));
    }
    const previous = this.legacyListeners[event];
    if (previous) this.events.off(event, previous);
    (this.legacyListeners as Record<K, PlayerListener<K>>)[event] = callback;
    this.events.on(event, callback);
  }
}
