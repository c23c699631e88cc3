import type { AvatarAnim } from './world.ts';

/**
 * The binary snapshot of avatar movement sent at the send rate. Names and roles travel once, on
 * join; a tick carries only what moves, 8 bytes an avatar, so 50 visible avatars at 15 Hz stay
 * under 8 KB/s per client (JSON cost about 120 bytes an avatar).
 *
 * Layout (little-endian): u32 server time (ms, wrapping), u16 count, then per avatar:
 * u16 index, i16 x (cm), i16 z (cm), u8 yaw (1/256 turn), u8 anim (2 bits) | height (6 bits, 0.25 m).
 */
export interface AvatarUpdate {
  /** The avatar's number in its instance, from the join answer or `world:joined`. */
  index: number;
  x: number;
  y: number;
  z: number;
  ry: number;
  anim: AvatarAnim;
}

export const SNAPSHOT_HEADER_BYTES = 6;
export const SNAPSHOT_AVATAR_BYTES = 8;

const ANIMS: readonly AvatarAnim[] = ['idle', 'walk', 'run', 'jump'];
const TURN = Math.PI * 2;
const clampInt = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));

/** Encodes a tick's avatar updates. */
export function encodeSnapshot(timeMs: number, avatars: readonly AvatarUpdate[]): Uint8Array {
  const bytes = new Uint8Array(SNAPSHOT_HEADER_BYTES + avatars.length * SNAPSHOT_AVATAR_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, timeMs % 2 ** 32, true);
  view.setUint16(4, avatars.length, true);
  avatars.forEach((a, i) => {
    const o = SNAPSHOT_HEADER_BYTES + i * SNAPSHOT_AVATAR_BYTES;
    view.setUint16(o, a.index & 0xffff, true);
    view.setInt16(o + 2, clampInt(a.x * 100, -32768, 32767), true);
    view.setInt16(o + 4, clampInt(a.z * 100, -32768, 32767), true);
    const turn = ((a.ry % TURN) + TURN) % TURN;
    view.setUint8(o + 6, clampInt((turn / TURN) * 256, 0, 256) & 0xff);
    view.setUint8(o + 7, (ANIMS.indexOf(a.anim) << 6) | clampInt(a.y * 4, 0, 63));
  });
  return bytes;
}

/** Decodes a snapshot; undefined when the bytes are not one. */
export function decodeSnapshot(
  data: ArrayBuffer | ArrayBufferView,
): { time: number; avatars: AvatarUpdate[] } | undefined {
  const view =
    data instanceof ArrayBuffer
      ? new DataView(data)
      : new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.byteLength < SNAPSHOT_HEADER_BYTES) return undefined;
  const count = view.getUint16(4, true);
  if (view.byteLength !== SNAPSHOT_HEADER_BYTES + count * SNAPSHOT_AVATAR_BYTES) return undefined;
  const avatars: AvatarUpdate[] = [];
  for (let i = 0; i < count; i += 1) {
    const o = SNAPSHOT_HEADER_BYTES + i * SNAPSHOT_AVATAR_BYTES;
    const packed = view.getUint8(o + 7);
    avatars.push({
      index: view.getUint16(o, true),
      x: view.getInt16(o + 2, true) / 100,
      z: view.getInt16(o + 4, true) / 100,
      ry: (view.getUint8(o + 6) / 256) * TURN,
      anim: ANIMS[packed >> 6] ?? 'idle',
      y: (packed & 63) / 4,
    });
  }
  return { time: view.getUint32(0, true), avatars };
}
