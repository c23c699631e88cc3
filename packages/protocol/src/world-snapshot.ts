import type { AvatarAnim } from './world.ts';

/**
 * The binary snapshot of avatar movement sent at the send rate. Names and roles travel once, on
 * join; a tick carries only what moves, 8 bytes an avatar, so 50 visible avatars at 15 Hz stay
 * under 8 KB/s per client (JSON cost about 120 bytes an avatar).
 *
 * Layout (little-endian): u32 server time (ms, wrapping), u16 count, then per avatar:
 * u16 index, i16 x (cm), i16 z (cm), u8 yaw (1/256 turn), u8 anim (2 bits) | height (6 bits, 0.25 m).
 *
 * Issue 30: avatars a viewer sees from the middle distance or far away may follow as coarse
 * records, 6 bytes each: u16 coarse count after the full records, then per avatar u16 index and
 * a u32 of x (13 bits, 10 cm, ±409.6 m), z (13 bits), yaw (4 bits, 1/16 turn) and anim (2 bits);
 * no height. A snapshot without coarse records is byte for byte what it always was.
 */
export interface AvatarUpdate {
  /** The avatar's number in its instance, from the join answer or `world:joined`. */
  index: number;
  x: number;
  y: number;
  z: number;
  ry: number;
  anim: AvatarAnim;
  /** Decoded from a coarse record (a middle or far avatar): 10 cm, 1/16 turn, no height. */
  coarse?: true;
}

export const SNAPSHOT_HEADER_BYTES = 6;
export const SNAPSHOT_AVATAR_BYTES = 8;
export const SNAPSHOT_COARSE_BYTES = 6;
/** Coarse positions: 10 cm steps, offset so that 13 bits hold ±409.6 m. */
const COARSE_STEP_M = 0.1;
const COARSE_OFFSET = 4096;
const COARSE_MAX = 8191;

const ANIMS: readonly AvatarAnim[] = ['idle', 'walk', 'run', 'jump'];
const TURN = Math.PI * 2;
const clampInt = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));

/**
 * Snapshots travel as base64 text (`world:snapshot`). socket.io sends a binary payload as two
 * WebSocket frames (a text header, then the bytes); text is one. With 1,000 viewers each getting
 * its own snapshot 15 times a second the server's time went mostly to writing frames (`writev`
 * led the profile; docs/benchmarks.md, "World crowd"), and a third more bytes keep a client far
 * under its 16 KB/s. The server encodes with Node's Buffer; this decodes in any runtime.
 */
/** The bytes of base64 text; undefined when it is not base64. */
function fromBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes a tick's avatar updates: `avatars` in full, `coarse` (middle and far) in 6 bytes. */
export function encodeSnapshot(
  timeMs: number,
  avatars: readonly AvatarUpdate[],
  coarse: readonly AvatarUpdate[] = [],
): Uint8Array {
  const fine = SNAPSHOT_HEADER_BYTES + avatars.length * SNAPSHOT_AVATAR_BYTES;
  const bytes = new Uint8Array(
    fine + (coarse.length > 0 ? 2 + coarse.length * SNAPSHOT_COARSE_BYTES : 0),
  );
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
  if (coarse.length === 0) return bytes;
  view.setUint16(fine, coarse.length, true);
  coarse.forEach((a, i) => {
    const o = fine + 2 + i * SNAPSHOT_COARSE_BYTES;
    const cx = clampInt(a.x / COARSE_STEP_M + COARSE_OFFSET, 0, COARSE_MAX);
    const cz = clampInt(a.z / COARSE_STEP_M + COARSE_OFFSET, 0, COARSE_MAX);
    const turn = ((a.ry % TURN) + TURN) % TURN;
    const yaw = clampInt((turn / TURN) * 16, 0, 16) & 15;
    const anim = Math.max(0, ANIMS.indexOf(a.anim));
    view.setUint16(o, a.index & 0xffff, true);
    // Unsigned arithmetic, not bit operators: the top bits would turn a 32-bit int negative.
    view.setUint32(o + 2, cx + cz * 2 ** 13 + yaw * 2 ** 26 + anim * 2 ** 30, true);
  });
  return bytes;
}

/** Decodes a snapshot; undefined when the bytes are not one. */
export function decodeSnapshot(
  data: ArrayBuffer | ArrayBufferView | string,
): { time: number; avatars: AvatarUpdate[] } | undefined {
  if (typeof data === 'string') {
    const bytes = fromBase64(data);
    if (!bytes) return undefined;
    data = bytes;
  }
  const view =
    data instanceof ArrayBuffer
      ? new DataView(data)
      : new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.byteLength < SNAPSHOT_HEADER_BYTES) return undefined;
  const count = view.getUint16(4, true);
  const fine = SNAPSHOT_HEADER_BYTES + count * SNAPSHOT_AVATAR_BYTES;
  let coarseCount = 0;
  if (view.byteLength !== fine) {
    if (view.byteLength < fine + 2) return undefined;
    coarseCount = view.getUint16(fine, true);
    if (coarseCount === 0 || view.byteLength !== fine + 2 + coarseCount * SNAPSHOT_COARSE_BYTES)
      return undefined;
  }
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
  for (let i = 0; i < coarseCount; i += 1) {
    const o = fine + 2 + i * SNAPSHOT_COARSE_BYTES;
    const bits = view.getUint32(o + 2, true);
    avatars.push({
      index: view.getUint16(o, true),
      x: ((bits % 2 ** 13) - COARSE_OFFSET) * COARSE_STEP_M,
      z: ((Math.floor(bits / 2 ** 13) % 2 ** 13) - COARSE_OFFSET) * COARSE_STEP_M,
      ry: ((Math.floor(bits / 2 ** 26) % 16) / 16) * TURN,
      anim: ANIMS[Math.floor(bits / 2 ** 30)] ?? 'idle',
      y: 0,
      coarse: true,
    });
  }
  return { time: view.getUint32(0, true), avatars };
}
