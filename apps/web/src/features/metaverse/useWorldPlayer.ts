import {
  DEFAULT_BRIDGE_POSITION,
  parseWorldToHost,
  POSITION_REQUEST_TIMEOUT_MS,
  SettingsApi,
  type BridgePosition,
  type HostToWorld,
  type WorldToHost,
} from '@atrium/protocol';
import { Player } from '@atrium/player-sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api/api.ts';
import { parseWorldAddress } from './worldAddress.ts';

/** Where the page's world session is (SPEC §4 Stream). */
export type WorldPhase = 'idle' | 'starting' | 'running' | 'ended' | 'failed';
export type EndReason = 'inactive' | 'crash' | 'stopped';

export interface WorldPlayerState {
  phase: WorldPhase;
  /** Real loading progress from the frame, 0–100. */
  progress: number;
  endReason: EndReason | null;
}

export interface WorldPlayerOptions {
  /** The element id the frame goes into. */
  containerId: string;
  /** The session's access token, handed to the same-origin frame (and again after rotation). */
  token: string;
  /** Bridge messages from the world. */
  onBridge: (message: WorldToHost) => void;
  /** The stream started (the world is on screen). */
  onStreamStart: () => void;
}

/** Reads the world's address from its setting (`SettingsApi.customSetting`). */
async function lookUpWorld(key: string) {
  const answer = await api.call(SettingsApi.customSetting, { query: { key } }, { auth: false });
  const address = parseWorldAddress(answer.data.value, window.location.origin);
  if (!address) throw new Error(`The setting ${key} is not a world address.`);
  return address;
}

/**
 * The metaverse page's world: looks the address up, puts the embed frame in the container with
 * the Player SDK, and follows its events. `start` is guarded against double starts.
 */
export function useWorldPlayer(options: WorldPlayerOptions) {
  const [state, setState] = useState<WorldPlayerState>({
    phase: 'idle',
    progress: 0,
    endReason: null,
  });
  const playerRef = useRef<Player | null>(null);
  const startingRef = useRef(false);
  const optionsRef = useRef(options);
  const positionWaiters = useRef<((position: BridgePosition) => void)[]>([]);
  useEffect(() => {
    optionsRef.current = options;
  });

  const destroy = useCallback(() => {
    playerRef.current?.destroy();
    playerRef.current = null;
  }, []);

  const send = useCallback((message: HostToWorld) => {
    playerRef.current?.sendSDKMessage(message);
  }, []);

  const end = useCallback(
    (reason: EndReason) => {
      destroy();
      startingRef.current = false;
      setState({ phase: 'ended', progress: 0, endReason: reason });
    },
    [destroy],
  );

  const start = useCallback(
    async (key: string) => {
      if (startingRef.current || playerRef.current) return;
      startingRef.current = true;
      setState({ phase: 'starting', progress: 0, endReason: null });
      try {
        const address = await lookUpWorld(key);
        const player = new Player(address.shareId, optionsRef.current.containerId, {
          overridedURL: address.base,
          hideTitle: true,
          hideToolbar: true,
          hidePlayButton: true,
        });
        playerRef.current = player;
        let lastCrash = false;
        player.on('load', () => {
          player.sendSDKMessage({ type: 'session', token: optionsRef.current.token });
          player.start();
        });
        player.on('appInstallProgress', (value) => {
          if (typeof value === 'number') setState((s) => ({ ...s, progress: value }));
        });
        player.on('appInstallFail', () => {
          destroy();
          startingRef.current = false;
          setState({ phase: 'failed', progress: 0, endReason: null });
        });
        player.on('error', () => {
          destroy();
          startingRef.current = false;
          setState({ phase: 'failed', progress: 0, endReason: null });
        });
        player.on('streamStart', () => {
          startingRef.current = false;
          setState({ phase: 'running', progress: 100, endReason: null });
          optionsRef.current.onStreamStart();
        });
        player.on('appStop', () => {
          lastCrash = true;
        });
        let inactive = false;
        player.on('userInactive', () => {
          inactive = true;
        });
        player.on('sessionStopped', () => {
          end(lastCrash ? 'crash' : inactive ? 'inactive' : 'stopped');
        });
        player.on('sdkMessage', (data) => {
          const message = parseWorldToHost(data);
          if (!message) return;
          if (message.type === 'request_position_respons') {
            const waiters = positionWaiters.current;
            positionWaiters.current = [];
            for (const resolve of waiters) resolve(message.position);
            return;
          }
          optionsRef.current.onBridge(message);
        });
      } catch (error) {
        console.error(error);
        destroy();
        startingRef.current = false;
        setState({ phase: 'failed', progress: 0, endReason: null });
      }
    },
    [destroy, end],
  );

  /** Stops the world on purpose (leaving, or going to another world). */
  const stop = useCallback(() => {
    if (!playerRef.current) return;
    end('stopped');
  }, [end]);

  /**
   * SPEC §4: asks the world where the avatar stands; after 5 s without an answer, the position
   * is `'0'` on every axis.
   */
  const requestPosition = useCallback(
    () =>
      new Promise<BridgePosition>((resolve) => {
        if (!playerRef.current) {
          resolve(DEFAULT_BRIDGE_POSITION);
          return;
        }
        const timer = window.setTimeout(() => {
          positionWaiters.current = positionWaiters.current.filter((w) => w !== answer);
          resolve(DEFAULT_BRIDGE_POSITION);
        }, POSITION_REQUEST_TIMEOUT_MS);
        const answer = (position: BridgePosition) => {
          window.clearTimeout(timer);
          resolve(position);
        };
        positionWaiters.current.push(answer);
        send({ type: 'request_position' });
      }),
    [send],
  );

  // The frame enters with the page's session; a rotated token is handed over too.
  useEffect(() => {
    send({ type: 'session', token: options.token });
  }, [options.token, send]);

  useEffect(() => destroy, [destroy]);

  return { state, start, stop, send, requestPosition, player: playerRef };
}
