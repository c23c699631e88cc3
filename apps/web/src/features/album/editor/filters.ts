/**
 * The editor's 11 image filters (SPEC §9, Adjust tool). `filterPixels` runs one on RGBA pixels,
 * deterministic and exactly as below; `applyFilterToCanvas` is what the editor calls on a canvas.
 * Both are on the CPU: tight typed-array loops, measured in headless Chromium by
 * bench/editor-filters.mjs (target: ≤ 50 ms median per filter at 1920×1080).
 *
 * Exact semantics. Alpha is never changed. `v` is the slider value clamped to 10–100, `s = v / 100`
 * and mix(c, f) = c · (1 − s) + f · s. Every result is stored through a Uint8ClampedArray: clamped
 * to 0–255, rounded to nearest, ties to even.
 * - grayscale: f = luma = (299 R + 587 G + 114 B) / 1000; out = mix(c, f).
 * - sepia: f = min(255, the sepia matrix [.393 .769 .189; .349 .686 .168; .272 .534 .131] · RGB);
 *   out = mix(c, f).
 * - invert: out = mix(c, 255 − c).
 * - blur (stack blur): radius r = max(1, round(v × 0.1)) ("Blur 0.1"); the triangle kernel
 *   1, 2, …, r + 1, …, 2, 1 (two boxes of width r + 1) over the edge-clamped picture, horizontally
 *   then vertically, each direction's result rounded half up.
 * - emboss [-2 -1 0; -1 1 1; 0 1 2], sharpen [0 -1 0; -1 5 -1; 0 -1 0]: 3×3 convolution over the
 *   edge-clamped picture, clamped to 0–255 = f; out = mix(c, f).
 * - brightness: out = c + filterAmount('brightness', v) × 255 (that is, + v).
 * - noise: one integer n per pixel, uniform in [−round(v), round(v)], from a mulberry32 stream
 *   seeded from v and the picture's size; out = c + n for R, G and B.
 * - pixelate: blocks of max(2, round(v / 5)) px from the top-left corner; each block's R, G, B
 *   become its average, rounded half up (edge blocks average the pixels they have).
 * - threshold: white where 299 R + 587 G + 114 B ≥ round(filterAmount('threshold', v) × 255 × 1000),
 *   else black.
 * - blend (multiply): out = mix(c, c × color / 255).
 */
import { EditorLimits, filterAmount, type FilterName } from '../editorHistory.ts';

export interface FilterParams {
  name: FilterName;
  /** Slider value, 10–100 (clamped). */
  value: number;
  /** '#rrggbb' (or '#rgb'), used by blend; default {@link DEFAULT_BLEND_COLOR}. */
  color?: string;
}

/** RGBA pixels, row by row, like ImageData. */
export interface PixelImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export const DEFAULT_BLEND_COLOR = '#ff7a00';

/** Clamps a slider value to SPEC's 10–100 (NaN counts as the minimum). */
export function filterValue(value: number): number {
  const { min, max } = EditorLimits.filter;
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}

/** Blur radius in px: the slider × 0.1 ("Blur 0.1"), at least 1. */
export const blurRadius = (value: number): number =>
  Math.max(1, Math.round(filterValue(value) * 0.1));

/** Pixelate block size in px. */
export const pixelateBlock = (value: number): number =>
  Math.max(2, Math.round(filterValue(value) / 5));

/** '#rrggbb' or '#rgb' to [r, g, b]; anything else gives the default blend colour. */
export function parseColor(color: string | undefined): [number, number, number] {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '')?.[1];
  if (!hex) hex = DEFAULT_BLEND_COLOR.slice(1);
  if (hex.length === 3) hex = [...hex].map((h) => h + h).join('');
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// ---------------------------------------------------------------------------------------------
// CPU path

let scratch8 = new Uint8ClampedArray(0);
let scratch64: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];

/** A reused byte buffer of at least `n` bytes (only the first `n` are meaningful). */
function bytes(n: number): Uint8ClampedArray {
  if (scratch8.length < n) scratch8 = new Uint8ClampedArray(n);
  return scratch8;
}

/** Two reused float64 buffers of at least `n` entries each. */
function floats(n: number): [Float64Array, Float64Array] {
  if (scratch64[0].length < n) scratch64 = [new Float64Array(n), new Float64Array(n)];
  return scratch64;
}

/** Applies a per-channel lookup table to R, G and B. */
function applyLut(
  d: Uint8ClampedArray,
  lr: Uint8ClampedArray,
  lg: Uint8ClampedArray,
  lb: Uint8ClampedArray,
) {
  for (let i = 0, n = d.length; i < n; i += 4) {
    d[i] = lr[d[i]!]!;
    d[i + 1] = lg[d[i + 1]!]!;
    d[i + 2] = lb[d[i + 2]!]!;
  }
}

function grayscale(d: Uint8ClampedArray, s: number) {
  const k = 1 - s;
  for (let i = 0, n = d.length; i < n; i += 4) {
    const r = d[i]!;
    const g = d[i + 1]!;
    const b = d[i + 2]!;
    const l = (299 * r + 587 * g + 114 * b) / 1000;
    d[i] = r * k + l * s;
    d[i + 1] = g * k + l * s;
    d[i + 2] = b * k + l * s;
  }
}

function sepia(d: Uint8ClampedArray, s: number) {
  const k = 1 - s;
  for (let i = 0, n = d.length; i < n; i += 4) {
    const r = d[i]!;
    const g = d[i + 1]!;
    const b = d[i + 2]!;
    const sr = Math.min(255, 0.393 * r + 0.769 * g + 0.189 * b);
    const sg = Math.min(255, 0.349 * r + 0.686 * g + 0.168 * b);
    const sb = Math.min(255, 0.272 * r + 0.534 * g + 0.131 * b);
    d[i] = r * k + sr * s;
    d[i + 1] = g * k + sg * s;
    d[i + 2] = b * k + sb * s;
  }
}

function lut(fn: (c: number) => number): Uint8ClampedArray {
  const table = new Uint8ClampedArray(256);
  for (let c = 0; c < 256; c += 1) table[c] = fn(c);
  return table;
}

function threshold(d: Uint8ClampedArray, limit: number) {
  for (let i = 0, n = d.length; i < n; i += 4) {
    const v = 299 * d[i]! + 587 * d[i + 1]! + 114 * d[i + 2]! >= limit ? 255 : 0;
    d[i] = v;
    d[i + 1] = v;
    d[i + 2] = v;
  }
}

/** mulberry32, inlined: one integer in [-amp, amp] per pixel, added to R, G and B. */
function noise(d: Uint8ClampedArray, amp: number, seed: number) {
  const span = 2 * amp + 1;
  let state = seed | 0;
  for (let i = 0, n = d.length; i < n; i += 4) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const k = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * span) - amp;
    d[i] = d[i]! + k;
    d[i + 1] = d[i + 1]! + k;
    d[i + 2] = d[i + 2]! + k;
  }
}

/** A seed from the parameters and the image size, so a given image always gets the same noise. */
function noiseSeed(value: number, width: number, height: number): number {
  let h = 0x9e3779b9 ^ Math.round(value * 1000);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ width;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ height;
  return (h ^ (h >>> 16)) | 0;
}

function pixelate(d: Uint8ClampedArray, w: number, h: number, size: number) {
  const blocks = Math.ceil(w / size);
  const [sums] = floats(blocks * 3);
  for (let by = 0; by < h; by += size) {
    const yEnd = Math.min(h, by + size);
    sums.fill(0, 0, blocks * 3);
    for (let y = by; y < yEnd; y += 1) {
      let i = y * w * 4;
      for (let bx = 0, k = 0; bx < w; bx += size, k += 3) {
        const xEnd = Math.min(w, bx + size);
        let r = 0;
        let g = 0;
        let b = 0;
        for (let x = bx; x < xEnd; x += 1, i += 4) {
          r += d[i]!;
          g += d[i + 1]!;
          b += d[i + 2]!;
        }
        sums[k] = sums[k]! + r;
        sums[k + 1] = sums[k + 1]! + g;
        sums[k + 2] = sums[k + 2]! + b;
      }
    }
    for (let bx = 0, k = 0; bx < w; bx += size, k += 3) {
      const xEnd = Math.min(w, bx + size);
      const count = (xEnd - bx) * (yEnd - by);
      // Half up: floor(x + 0.5), exact since sums are integers.
      const r = Math.floor(sums[k]! / count + 0.5);
      const g = Math.floor(sums[k + 1]! / count + 0.5);
      const b = Math.floor(sums[k + 2]! / count + 0.5);
      for (let y = by; y < yEnd; y += 1) {
        for (let i = (y * w + bx) * 4, end = (y * w + xEnd) * 4; i < end; i += 4) {
          d[i] = r;
          d[i + 1] = g;
          d[i + 2] = b;
        }
      }
    }
  }
}

/**
 * One direction of the blur: every row of `src` (w × h, RGBA) through the triangle kernel of
 * radius r (weights 1, 2, …, r + 1, …, 2, 1, i.e. two boxes of width r + 1, as in stack blur)
 * with clamped edges, rounded half up, written transposed into `dst` (h × w, RGBA; alpha left
 * alone), so running it twice blurs both directions with row-by-row reads only.
 *
 * A pixel's R, G and B ride in one float64 (R + G·2¹⁶ + B·2³²): every sum stays an exact integer
 * below 2⁴⁸ with each channel in its own 16 bits (at most 255·11² = 30855), so one running sum
 * does the work of three. The two box sums are trailing windows over the edge-padded row, each
 * buffer starting with `win` zeros: from sample 2r on, the second sum is centred r samples back.
 */
function blurRowsTransposed(
  src: Uint8ClampedArray,
  dst: Uint8ClampedArray,
  w: number,
  h: number,
  r: number,
) {
  const win = r + 1;
  const len = w + 2 * r;
  const [a, b] = floats(len + win);
  a.fill(0, 0, win);
  b.fill(0, 0, win);
  const div = win * win;
  const round = roundingTable(255 * div, div);
  const last = (w - 1) * 4;
  const step = h * 4;
  for (let y = 0; y < h; y += 1) {
    const row = y * w * 4;
    // The row, packed, padded with its edge pixels, after `win` zeros.
    const first = src[row]! + src[row + 1]! * G + src[row + 2]! * B;
    const final = src[row + last]! + src[row + last + 1]! * G + src[row + last + 2]! * B;
    let k = win;
    for (const kEnd = win + r; k < kEnd; k += 1) a[k] = first;
    for (let i = row, iEnd = row + w * 4; i < iEnd; i += 4, k += 1) {
      a[k] = src[i]! + src[i + 1]! * G + src[i + 2]! * B;
    }
    for (const kEnd = win + len; k < kEnd; k += 1) a[k] = final;
    let s1 = 0;
    let s2 = 0;
    for (let j = 0; j < 2 * r; j += 1) {
      s1 += a[j + win]! - a[j]!;
      b[j + win] = s1;
      s2 += s1 - b[j]!;
    }
    for (let j = 2 * r, o = y * 4; j < len; j += 1, o += step) {
      s1 += a[j + win]! - a[j]!;
      b[j + win] = s1;
      s2 += s1 - b[j]!;
      const hi = Math.floor(s2 * TO_B);
      const lo = s2 - hi * B;
      dst[o] = round[lo & 0xffff]!;
      dst[o + 1] = round[lo >>> 16]!;
      dst[o + 2] = round[hi]!;
    }
  }
}

/** Channel weights of the packed RGB float64. */
const G = 2 ** 16;
const B = 2 ** 32;
/** 2⁻³², exact: multiplying by it is dividing by B. */
const TO_B = 2 ** -32;

/** round(sum / div), half up, for sums 0..max. */
function roundingTable(max: number, div: number): Uint8Array {
  const table = new Uint8Array(max + 1);
  for (let sum = 0; sum <= max; sum += 1) table[sum] = Math.floor((2 * sum + div) / (2 * div));
  return table;
}

function blur(d: Uint8ClampedArray, w: number, h: number, r: number) {
  const tmp = bytes(d.length);
  blurRowsTransposed(d, tmp, w, h, r);
  blurRowsTransposed(tmp, d, h, w, r);
}

/** The convolutions' range: kernels' negative weights add to -4 and positive ones to 5. */
const CONV_BIAS = 4 * 255;
const CONV_SPAN = 9 * 255 + 1;

/**
 * 3×3 convolution (sharpen, else emboss) over the edge-clamped image, clamped to 0–255, mixed
 * with the original at strength `s`. Runs on packed RGB (see blurRowsTransposed) with a one-pixel
 * clamped border, so the loop has no edge cases; each channel's sum, offset by CONV_BIAS, stays
 * in its own 16 bits.
 */
function convolve(d: Uint8ClampedArray, w: number, h: number, sharpen: boolean, s: number) {
  const pw = w + 2;
  const [p] = floats(pw * (h + 2));
  for (let y = -1, q = 0; y <= h; y += 1) {
    const row = Math.min(h - 1, Math.max(0, y)) * w * 4;
    p[q++] = d[row]! + d[row + 1]! * G + d[row + 2]! * B;
    for (let i = row, end = row + w * 4; i < end; i += 4) {
      p[q++] = d[i]! + d[i + 1]! * G + d[i + 2]! * B;
    }
    const i = row + (w - 1) * 4;
    p[q++] = d[i]! + d[i + 1]! * G + d[i + 2]! * B;
  }
  // out = keep[c] + take[f + CONV_BIAS]: the original's share and the clamped result's.
  const keep = new Float64Array(256);
  for (let c = 0; c < 256; c += 1) keep[c] = c * (1 - s);
  const take = new Float64Array(CONV_SPAN);
  for (let f = 0; f < CONV_SPAN; f += 1) take[f] = Math.min(255, Math.max(0, f - CONV_BIAS)) * s;
  const bias = CONV_BIAS * (1 + G + B);
  const up = -pw;
  const down = pw;
  for (let y = 0; y < h; y += 1) {
    let q = (y + 1) * pw + 1;
    for (let i = y * w * 4, end = i + w * 4; i < end; i += 4, q += 1) {
      // The kernels written out (see the top of the file), zero taps left out.
      const f =
        bias +
        (sharpen
          ? 5 * p[q]! - p[q + up]! - p[q - 1]! - p[q + 1]! - p[q + down]!
          : p[q]! -
            2 * p[q + up - 1]! -
            p[q + up]! -
            p[q - 1]! +
            p[q + 1]! +
            p[q + down]! +
            2 * p[q + down + 1]!);
      const hi = Math.floor(f * TO_B);
      const lo = f - hi * B;
      d[i] = keep[d[i]!]! + take[lo & 0xffff]!;
      d[i + 1] = keep[d[i + 1]!]! + take[lo >>> 16]!;
      d[i + 2] = keep[d[i + 2]!]! + take[hi]!;
    }
  }
}

/** Runs one filter on RGBA pixels in place (CPU, deterministic). */
export function filterPixels(image: PixelImage, params: FilterParams): void {
  const { data: d, width: w, height: h } = image;
  if (w <= 0 || h <= 0 || d.length < w * h * 4) return;
  const value = filterValue(params.value);
  const s = value / 100;
  switch (params.name) {
    case 'grayscale':
      return grayscale(d, s);
    case 'sepia':
      return sepia(d, s);
    case 'invert': {
      const table = lut((c) => c * (1 - s) + (255 - c) * s);
      return applyLut(d, table, table, table);
    }
    case 'brightness': {
      const add = filterAmount('brightness', value) * 255;
      const table = lut((c) => c + add);
      return applyLut(d, table, table, table);
    }
    case 'blend': {
      const [cr, cg, cb] = parseColor(params.color);
      const mul = (color: number) => lut((c) => c * (1 - s) + ((c * color) / 255) * s);
      return applyLut(d, mul(cr), mul(cg), mul(cb));
    }
    case 'threshold':
      return threshold(d, Math.round(filterAmount('threshold', value) * 255 * 1000));
    case 'noise':
      return noise(d, Math.round(value), noiseSeed(value, w, h));
    case 'pixelate':
      return pixelate(d, w, h, pixelateBlock(value));
    case 'blur':
      return blur(d, w, h, blurRadius(value));
    case 'emboss':
      return convolve(d, w, h, false, s);
    case 'sharpen':
      return convolve(d, w, h, true, s);
  }
}

// ---------------------------------------------------------------------------------------------
// Canvas

/**
 * Which path `applyFilterToCanvas` takes. Always the CPU: measured in headless Chromium with
 * software GL (SwiftShader, bench/editor-filters.mjs), a WebGL2 blur took about 2 s on a
 * 1920×1080 picture against well under 50 ms here, and the per-pixel filters cost less than a
 * texture upload and readback.
 */
export function filterPath(_name: FilterName): 'cpu' | 'webgl' {
  return 'cpu';
}

/** Filters a canvas's content in place: getImageData, `filterPixels`, putImageData. */
export function applyFilterToCanvas(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  params: FilterParams,
): void {
  const { width, height } = canvas;
  if (width <= 0 || height <= 0) return;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('applyFilterToCanvas: the canvas has no 2D context');
  const image = ctx.getImageData(0, 0, width, height);
  filterPixels(image, params);
  ctx.putImageData(image, 0, 0);
}
