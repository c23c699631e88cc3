import { z } from 'zod';
import { ClassroomRoomSchema } from './classroom.ts';
import { EmoteSchema } from './world.ts';

/**
 * The bridge between the world (inside the embed frame) and the page that hosts it.
 *
 * Bridge messages travel as Player SDK messages: the host calls `sendSDKMessage` (frame command
 * `sendSDKMessage`), the world answers with the frame event `onSDKMessage`; the value is JSON
 * text of one of the objects below. The names of SPEC §7 "Host app messages" are kept exactly,
 * `request_position_respons` included.
 */

const coordinate = z.string().max(32);

/** SPEC §4: a position answer; each coordinate is a string, `'0'` when unknown. */
export const BridgePositionSchema = z.strictObject({ x: coordinate, y: coordinate, z: coordinate });
export type BridgePosition = z.infer<typeof BridgePositionSchema>;

/** The position the host uses when the world does not answer in time (SPEC §4). */
export const DEFAULT_BRIDGE_POSITION: BridgePosition = { x: '0', y: '0', z: '0' };

/** How long the host waits for `request_position_respons` (SPEC §9: 5 s). */
export const POSITION_REQUEST_TIMEOUT_MS = 5000;

const actionType = z.string().trim().min(1).max(64);

/** Messages the host page sends to the world. */
export const HostToWorldSchema = z.discriminatedUnion('type', [
  /** The host's access token, so the world enters as the same person (same-origin hosts only). */
  z.strictObject({ type: z.literal('session'), token: z.string().min(1).max(4096) }),
  z.strictObject({ type: z.literal('play_metaverse_audio') }),
  z.strictObject({ type: z.literal('stop_metaverse_audio') }),
  z.strictObject({ type: z.literal('request_position') }),
  z.strictObject({
    type: z.literal('user_action_yes'),
    action: actionType,
    position: BridgePositionSchema,
  }),
  z.strictObject({ type: z.literal('user_action_no'), action: actionType }),
  z.strictObject({ type: z.literal('notification_new'), text: z.string().max(500) }),
  /** The host's camera button. */
  z.strictObject({ type: z.literal('take_screenshot') }),
  /** The host's emote buttons (the mobile page has no number keys). */
  z.strictObject({ type: z.literal('emote'), emote: EmoteSchema }),
  /** SPEC §4 Mini-game: a game in the game-collection modal finished (told once per game). */
  z.strictObject({
    type: z.literal('mini_game_finished'),
    username: z.string().max(100),
    isWinner: z.boolean(),
  }),
]);
export type HostToWorld = z.infer<typeof HostToWorldSchema>;

/** Messages the world sends to the host page. */
export const WorldToHostSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('request_position_respons'), position: BridgePositionSchema }),
  /** The visitor interacted (E / click) with a poster. */
  z.strictObject({ type: z.literal('poster_open'), id: z.number().int().positive() }),
  /** I: the inventory (the wallet issue fills it). */
  z.strictObject({ type: z.literal('inventory_open') }),
  /** A portal to another world, by its custom-setting key. */
  z.strictObject({ type: z.literal('other_world'), key: z.string().min(1).max(100) }),
  z.strictObject({ type: z.literal('screenshot_saved'), place_id: z.string().max(200) }),
  z.strictObject({ type: z.literal('screenshot_failed'), message: z.string().max(500) }),
  /** The visitor walked into (room) or out of (null) a classroom building's doorway zone. */
  z.strictObject({ type: z.literal('classroom_near'), room: ClassroomRoomSchema.nullable() }),
  /** E (or a tap on the prompt) in a classroom building: the host joins that class. */
  z.strictObject({ type: z.literal('classroom_join'), room: ClassroomRoomSchema }),
  /** Keys the world does not own (Escape closes host popups). */
  z.strictObject({ type: z.literal('key'), key: z.string().max(32) }),
]);
export type WorldToHost = z.infer<typeof WorldToHostSchema>;

/** The SDK message that marks the user active (Player SDK `setUserActive`). */
export const UserActiveSchema = z.strictObject({ userActive: z.literal(true) });

const parseJson = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.length > 16_384) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Parses an SDK message text from the host; `null` for anything that is not a bridge message. */
export const parseHostToWorld = (text: unknown): HostToWorld | null => {
  const result = HostToWorldSchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
};

/** Parses an SDK message text from the world; `null` for anything that is not a bridge message. */
export const parseWorldToHost = (text: unknown): WorldToHost | null => {
  const result = WorldToHostSchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
};
