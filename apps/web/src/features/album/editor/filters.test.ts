import { describe, expect, it } from 'vitest';
import { FILTERS } from '../editorHistory.ts';
import {
  applyFilterToCanvas,
  filterPixels,
  filterValue,
  type FilterParams,
  type PixelImage,
} from './filters.ts';

type Rgba = [number, number, number, number];

/** An image from rows of RGBA pixels. */
function image(rows: Rgba[][]): PixelImage {
  const height = rows.length;
  const width = rows[0]!.length;
  return { data: new Uint8ClampedArray(rows.flat(2)), width, height };
}

/** The same grey level on R, G and B, opaque. */
const grey = (v: number): Rgba => [v, v, v, 255];

/** One channel of a filtered image, as rows. */
function channel(img: PixelImage, c: number): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < img.height; y += 1) {
    const row: number[] = [];
    for (let x = 0; x < img.width; x += 1) row.push(img.data[(y * img.width + x) * 4 + c]!);
    rows.push(row);
  }
  return rows;
}

function pixels(img: PixelImage): Rgba[] {
  const out: Rgba[] = [];
  for (let i = 0; i < img.data.length; i += 4) {
    out.push([img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!]);
  }
  return out;
}

function filtered(img: PixelImage, params: FilterParams): PixelImage {
  const copy = { ...img, data: new Uint8ClampedArray(img.data) };
  filterPixels(copy, params);
  return copy;
}

/** A seeded pseudo-random image with varied alpha. */
function randomImage(width: number, height: number, seed = 7): PixelImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let s = seed;
  for (let i = 0; i < data.length; i += 1) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { data, width, height };
}

describe('filterPixels, exact pixels', () => {
  it('grayscale: luma 0.299/0.587/0.114, mixed at value/100', () => {
    const img = image([
      [
        [100, 150, 200, 255],
        [10, 20, 30, 77],
      ],
    ]);
    // 29.9 + 88.05 + 22.8 = 140.75 → 141; 2.99 + 11.74 + 3.42 = 18.15 → 18.
    expect(pixels(filtered(img, { name: 'grayscale', value: 100 }))).toEqual([
      [141, 141, 141, 255],
      [18, 18, 18, 77],
    ]);
    // Half way: 50 + 70.375, 75 + 70.375, 100 + 70.375.
    expect(pixels(filtered(img, { name: 'grayscale', value: 50 }))[0]).toEqual([
      120, 145, 170, 255,
    ]);
  });

  it('sepia: the sepia matrix, capped at 255', () => {
    const img = image([
      [
        [50, 100, 150, 200],
        [255, 255, 255, 255],
      ],
    ]);
    // R 19.65 + 76.9 + 28.35 = 124.9; G 17.45 + 68.6 + 25.2 = 111.25; B 13.6 + 53.4 + 19.65 = 86.65.
    // White: R 1.351 × 255 and G 1.203 × 255 cap at 255; B 0.937 × 255 = 238.935.
    expect(pixels(filtered(img, { name: 'sepia', value: 100 }))).toEqual([
      [125, 111, 87, 200],
      [255, 255, 239, 255],
    ]);
  });

  it('invert: full at 100, mixed below', () => {
    const img = image([[[0, 100, 255, 9]]]);
    expect(pixels(filtered(img, { name: 'invert', value: 100 }))).toEqual([[255, 155, 0, 9]]);
    // 20 %: 0.8 c + 0.2 (255 − c): 51, 80 + 31, 204.
    expect(pixels(filtered(img, { name: 'invert', value: 20 }))).toEqual([[51, 111, 204, 9]]);
  });

  it('brightness adds the slider value, clamped', () => {
    const img = image([[[0, 100, 250, 128]]]);
    expect(pixels(filtered(img, { name: 'brightness', value: 60 }))).toEqual([[60, 160, 255, 128]]);
  });

  it('threshold: luma ≥ value → white, else black', () => {
    const img = image([[grey(100), [99, 100, 100, 255], [255, 0, 0, 40], [0, 255, 0, 255]]]);
    // Luma × 1000: 100000 (on the line), 99701, 76245, 149685 against 100 × 1000.
    expect(pixels(filtered(img, { name: 'threshold', value: 100 }))).toEqual([
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [0, 0, 0, 40],
      [255, 255, 255, 255],
    ]);
  });

  it('blend multiplies with the colour at value/100', () => {
    const img = image([[grey(200), [100, 100, 100, 3]]]);
    // #ff8000 at 100 %: 200 × 128 / 255 = 100.39.
    expect(pixels(filtered(img, { name: 'blend', value: 100, color: '#ff8000' }))[0]).toEqual([
      200, 100, 0, 255,
    ]);
    // At 50 %: G = 50 + 0.5 × 100 × 128 / 255 = 75.1; B = 50 + 0.
    expect(pixels(filtered(img, { name: 'blend', value: 50, color: '#ff8000' }))[1]).toEqual([
      100, 75, 50, 3,
    ]);
    // Default colour #ff7a00: G = 200 × 122 / 255 = 95.69.
    expect(pixels(filtered(img, { name: 'blend', value: 100 }))[0]).toEqual([200, 96, 0, 255]);
  });

  it('emboss: 3×3 kernel, edges clamped, result clamped', () => {
    // A dark picture with one bright centre pixel (90, 60, 30).
    const img = image([
      [grey(0), grey(0), grey(0)],
      [grey(0), [90, 60, 30, 255], grey(0)],
      [grey(0), grey(0), grey(0)],
    ]);
    const out = filtered(img, { name: 'emboss', value: 100 });
    // The centre reaches each pixel through one tap: (0,0) through +2, (1,0) and (0,1) through +1,
    // itself through +1, (2,1) and (1,2) through −1 (→ 0), (2,2) through −2 (→ 0), the rest 0.
    expect(channel(out, 0)).toEqual([
      [180, 90, 0],
      [90, 90, 0],
      [0, 0, 0],
    ]);
    expect(channel(out, 1)).toEqual([
      [120, 60, 0],
      [60, 60, 0],
      [0, 0, 0],
    ]);
    expect(channel(out, 2)).toEqual([
      [60, 30, 0],
      [30, 30, 0],
      [0, 0, 0],
    ]);
    // At 50 % the corner is half way from 0 to 180.
    expect(channel(filtered(img, { name: 'emboss', value: 50 }), 0)[0]).toEqual([90, 45, 0]);
  });

  it('sharpen: 3×3 kernel, edges clamped, result clamped', () => {
    const img = image([
      [grey(100), grey(100), grey(100)],
      [grey(100), grey(20), grey(100)],
      [grey(100), grey(100), grey(100)],
    ]);
    // Corner: 500 − 4 × 100; edge middle: 500 − 3 × 100 − 20; centre: 100 − 400 → 0.
    expect(channel(filtered(img, { name: 'sharpen', value: 100 }), 0)).toEqual([
      [100, 180, 100],
      [180, 0, 180],
      [100, 180, 100],
    ]);
    // At 50 %: centre (20 + 0) / 2, edge middle (100 + 180) / 2.
    expect(channel(filtered(img, { name: 'sharpen', value: 50 }), 1)[1]).toEqual([140, 10, 140]);
  });

  it('blur at 10: radius 1, kernel 1 2 1 each way, edges clamped', () => {
    const img = image([
      [grey(0), grey(0), grey(0)],
      [grey(0), grey(160), grey(0)],
      [grey(0), grey(0), grey(0)],
    ]);
    // Across: middle row 40 80 40; down: ×1/4, ×2/4, ×1/4.
    expect(channel(filtered(img, { name: 'blur', value: 10 }), 0)).toEqual([
      [10, 20, 10],
      [20, 40, 20],
      [10, 20, 10],
    ]);
    // A row on its own (the vertical pass keeps it) and half-up rounding: 2/4 → 1.
    const row = image([[grey(0), grey(0), [100, 2, 0, 255], grey(0), grey(0)]]);
    const out = filtered(row, { name: 'blur', value: 10 });
    expect(channel(out, 0)).toEqual([[0, 25, 50, 25, 0]]);
    expect(channel(out, 1)).toEqual([[0, 1, 1, 1, 0]]);
  });

  it('blur at 20: radius 2, kernel 1 2 3 2 1 (stack blur), in both directions', () => {
    const row = image([[grey(0), grey(0), grey(90), grey(0), grey(0)]]);
    expect(channel(filtered(row, { name: 'blur', value: 20 }), 0)).toEqual([[10, 20, 30, 20, 10]]);
    const column = image([[grey(0)], [grey(0)], [grey(90)], [grey(0)], [grey(0)]]);
    expect(channel(filtered(column, { name: 'blur', value: 20 }), 2)).toEqual([
      [10],
      [20],
      [30],
      [20],
      [10],
    ]);
    // A flat picture stays flat whatever the radius.
    const flat = image(Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => grey(77))));
    expect(pixels(filtered(flat, { name: 'blur', value: 100 }))).toEqual(pixels(flat));
  });

  it('pixelate: block averages, rounded half up, edge blocks partial', () => {
    const img = image([
      [
        [10, 1, 0, 255],
        [20, 0, 0, 255],
        [30, 0, 0, 255],
      ],
      [
        [40, 1, 0, 255],
        [50, 0, 0, 255],
        [60, 0, 0, 255],
      ],
      [
        [70, 0, 0, 255],
        [80, 0, 0, 255],
        [90, 0, 0, 255],
      ],
    ]);
    // Value 10 → 2 px blocks: (10+20+40+50)/4, (30+60)/2, (70+80)/2, 90; G 2/4 = 0.5 → 1.
    const out = filtered(img, { name: 'pixelate', value: 10 });
    expect(channel(out, 0)).toEqual([
      [30, 30, 45],
      [30, 30, 45],
      [75, 75, 90],
    ]);
    expect(channel(out, 1)).toEqual([
      [1, 1, 0],
      [1, 1, 0],
      [0, 0, 0],
    ]);
  });

  it('noise: within ±value, the same for R, G and B of a pixel', () => {
    const img = image(Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => grey(128))));
    const out = pixels(filtered(img, { name: 'noise', value: 30 }));
    for (const [r, g, b, a] of out) {
      expect(r).toBeGreaterThanOrEqual(98);
      expect(r).toBeLessThanOrEqual(158);
      expect([g, b, a]).toEqual([r, r, 255]);
    }
    expect(new Set(out.map(([r]) => r)).size).toBeGreaterThan(10);
  });
});

describe('filterPixels, properties', () => {
  it('keeps alpha for every filter', () => {
    const img = randomImage(9, 7);
    for (const name of FILTERS) {
      const out = filtered(img, { name, value: 60, color: '#3366ff' });
      expect(channel(out, 3), name).toEqual(channel(img, 3));
    }
  });

  it('clamps slider values to 10–100', () => {
    expect(filterValue(5)).toBe(10);
    expect(filterValue(500)).toBe(100);
    expect(filterValue(Number.NaN)).toBe(10);
    const img = image([[[0, 100, 250, 255]]]);
    expect(pixels(filtered(img, { name: 'brightness', value: 5 }))).toEqual([[10, 110, 255, 255]]);
    expect(pixels(filtered(img, { name: 'brightness', value: 500 }))).toEqual([
      [100, 200, 255, 255],
    ]);
    // Invert past 100 is still the full inverse, not an overshoot.
    expect(pixels(filtered(img, { name: 'invert', value: 500 }))).toEqual([[255, 155, 5, 255]]);
    const big = randomImage(12, 9);
    for (const name of FILTERS) {
      expect(filtered(big, { name, value: 500 }).data, name).toEqual(
        filtered(big, { name, value: 100 }).data,
      );
      expect(filtered(big, { name, value: -3 }).data, name).toEqual(
        filtered(big, { name, value: 10 }).data,
      );
    }
  });

  it('noise is deterministic: the same picture and value give the same pixels', () => {
    const a = randomImage(16, 16, 1);
    expect(filtered(a, { name: 'noise', value: 40 }).data).toEqual(
      filtered(a, { name: 'noise', value: 40 }).data,
    );
    const b = randomImage(16, 16, 2);
    expect(filtered(b, { name: 'noise', value: 40 }).data).not.toEqual(
      filtered(a, { name: 'noise', value: 40 }).data,
    );
    expect(filtered(a, { name: 'noise', value: 40 }).data).not.toEqual(
      filtered(a, { name: 'noise', value: 41 }).data,
    );
  });

  it('pixelate makes uniform blocks', () => {
    const img = randomImage(30, 26);
    const out = filtered(img, { name: 'pixelate', value: 60 }); // 12 px blocks
    for (let y = 0; y < 26; y += 1) {
      for (let x = 0; x < 30; x += 1) {
        const corner = (Math.floor(y / 12) * 12 * 30 + Math.floor(x / 12) * 12) * 4;
        const i = (y * 30 + x) * 4;
        expect([...out.data.subarray(i, i + 3)]).toEqual([
          ...out.data.subarray(corner, corner + 3),
        ]);
      }
    }
  });

  it('threshold gives only black and white', () => {
    const out = filtered(randomImage(20, 20), { name: 'threshold', value: 60 });
    for (const [r, g, b] of pixels(out)) {
      expect([0, 255]).toContain(r);
      expect([g, b]).toEqual([r, r]);
    }
  });

  it('leaves an empty picture alone', () => {
    const empty: PixelImage = { data: new Uint8ClampedArray(0), width: 0, height: 0 };
    expect(() => filterPixels(empty, { name: 'blur', value: 50 })).not.toThrow();
  });
});

describe('applyFilterToCanvas', () => {
  it('filters the canvas through getImageData and putImageData', () => {
    const img = image([[[0, 100, 250, 255], grey(10)]]);
    let put: PixelImage | undefined;
    const ctx = {
      getImageData: () => ({ ...img, data: new Uint8ClampedArray(img.data) }),
      putImageData: (data: PixelImage, x: number, y: number) => {
        expect([x, y]).toEqual([0, 0]);
        put = data;
      },
    };
    const canvas = { width: 2, height: 1, getContext: () => ctx } as unknown as HTMLCanvasElement;
    applyFilterToCanvas(canvas, { name: 'brightness', value: 60 });
    expect(put && pixels(put)).toEqual([
      [60, 160, 255, 255],
      [70, 70, 70, 255],
    ]);
  });
});
