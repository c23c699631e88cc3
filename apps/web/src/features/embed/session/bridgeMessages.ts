import {
  parseHostToWorld,
  UserActiveSchema,
  type BridgePosition,
  type HostToWorld,
  type WorldToHost,
} from '@atrium/protocol';

/** Not an origin any page can have: the debug bridge can never hand over a session. */
export const DEBUG_BRIDGE_ORIGIN = 'debug-bridge:';

/** What the host page's bridge messages act on. */
export interface BridgeTarget {
  /** The visitor did something (`user_active`). */
  activity(): void;
  /** The host page's session token, from `origin`. */
  session(token: string, origin: string): void;
  setAudio(on: boolean): void;
  toHost(message: WorldToHost): void;
  /** Where the avatar is, or the default position without a world. */
  position(): BridgePosition;
  perform(action: string): void;
  notice(text: string): void;
  takePhoto(): void;
}

type BridgeHandlers = {
  [T in HostToWorld['type']]: (
    target: BridgeTarget,
    message: Extract<HostToWorld, { type: T }>,
    origin: string,
  ) => void;
};

/** One handler per bridge message from the host page (SPEC §2). */
const bridgeHandlers: BridgeHandlers = {
  session: (target, message, origin) => target.session(message.token, origin),
  play_metaverse_audio: (target) => target.setAudio(true),
  stop_metaverse_audio: (target) => target.setAudio(false),
  request_position: (target) =>
    target.toHost({ type: 'request_position_respons', position: target.position() }),
  user_action_yes: (target, message) => target.perform(message.action),
  user_action_no: () => undefined,
  notification_new: (target, message) => target.notice(message.text),
  take_screenshot: (target) => target.takePhoto(),
  emote: (target, message) => target.perform(message.emote),
  // The host already showed the result; the server announces wins to the whole campus.
  mini_game_finished: () => undefined,
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** An SDK message from the host (or the debug bridge): the `user_active` ping or a bridge message. */
export function handleSdkMessage(target: BridgeTarget, text: unknown, origin: string): void {
  if (typeof text === 'string' && UserActiveSchema.safeParse(safeJson(text)).success) {
    target.activity();
    return;
  }
  const message = parseHostToWorld(text);
  if (!message) return;
  const handle = bridgeHandlers[message.type] as (
    target: BridgeTarget,
    message: HostToWorld,
    origin: string,
  ) => void;
  handle(target, message, origin);
}
