/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_FONT_ID,
  DOODLES,
  FONTS,
  STICKERS,
  findGraphic,
  loadEditorFont,
  type EditorFont,
} from './graphics.ts';

/** apps/web/public, which Vite serves at /. */
const PUBLIC = fileURLToPath(new URL('../../../../public', import.meta.url));
const EDITOR = join(PUBLIC, 'editor');
const FOLDERS = ['stickers', 'doodles', 'fonts'] as const;

const fileOf = (url: string): string => join(PUBLIC, ...url.split('/'));

describe('editor graphics and fonts', () => {
  it('offers exactly 66 stickers, 99 doodles and 13 fonts (SPEC)', () => {
    expect(STICKERS).toHaveLength(66);
    expect(DOODLES).toHaveLength(99);
    expect(FONTS).toHaveLength(13);
  });

  it('has unique ids, labels and urls', () => {
    const graphics = [...STICKERS, ...DOODLES];
    for (const key of ['id', 'url'] as const) {
      expect(new Set(graphics.map((g) => g[key])).size).toBe(graphics.length);
    }
    expect(STICKERS.every((g) => g.id.startsWith('sticker-'))).toBe(true);
    expect(DOODLES.every((g) => g.id.startsWith('doodle-'))).toBe(true);
    expect(graphics.every((g) => g.label.length > 0)).toBe(true);
    for (const key of ['id', 'family', 'label', 'url'] as const) {
      expect(new Set(FONTS.map((f) => f[key])).size).toBe(FONTS.length);
    }
  });

  it('finds graphics in both lists and has a default font', () => {
    expect(findGraphic('sticker-party-popper')?.url).toBe('/editor/stickers/party-popper.svg');
    expect(findGraphic('doodle-star')?.url).toBe('/editor/doodles/star.svg');
    expect(findGraphic('star')).toBeUndefined();
    expect(FONTS.some((f) => f.id === DEFAULT_FONT_ID)).toBe(true);
  });

  it('ships every SVG, each a real SVG with a viewBox', () => {
    for (const g of [...STICKERS, ...DOODLES]) {
      const svg = readFileSync(fileOf(g.url), 'utf8');
      const root = /^(?:<\?xml[^>]*\?>\s*)?<svg\b[^>]*>/.exec(svg)?.[0];
      expect(root, g.url).toBeDefined();
      expect(root, g.url).toMatch(/\sviewBox="[\d.\s-]+"/);
      expect(root, g.url).toMatch(/\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.trimEnd().endsWith('</svg>'), g.url).toBe(true);
    }
  });

  it('draws doodles in a concrete colour, as an <img> cannot inherit currentColor', () => {
    for (const g of DOODLES) {
      expect(readFileSync(fileOf(g.url), 'utf8'), g.url).not.toContain('currentColor');
    }
  });

  it('ships every font as woff2', () => {
    for (const f of FONTS) {
      expect(f.url, f.id).toMatch(/^\/editor\/fonts\/[a-z0-9-]+\.woff2$/);
      expect(readFileSync(fileOf(f.url)).subarray(0, 4).toString('latin1'), f.url).toBe('wOF2');
    }
  });

  it('ships nothing unlisted, and each set with its licence', () => {
    const listed = new Set([...STICKERS, ...DOODLES, ...FONTS].map((a) => fileOf(a.url)));
    for (const folder of FOLDERS) {
      const files = readdirSync(join(EDITOR, folder));
      const assets = files.filter((name) => !/^LICENSE-[a-z0-9-]+\.txt$/.test(name));
      for (const name of assets) expect(listed, name).toContain(join(EDITOR, folder, name));
      expect(files.length - assets.length, folder).toBeGreaterThan(0);
    }
    for (const f of FONTS) {
      const stem = f.url.replace(/^\/editor\/fonts\/(.*)-\d+\.woff2$/, '$1');
      const licence = readFileSync(join(EDITOR, 'fonts', `LICENSE-${stem}.txt`), 'utf8');
      expect(licence, f.id).toContain('SIL Open Font License, Version 1.1');
    }
  });

  it('keeps the shipped folder lean (under 1.5 MB)', () => {
    let total = 0;
    for (const folder of FOLDERS) {
      for (const name of readdirSync(join(EDITOR, folder))) {
        total += statSync(join(EDITOR, folder, name)).size;
      }
    }
    expect(total).toBeLessThan(1_500_000);
  });
});

describe('loadEditorFont', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFontApi(fail: () => boolean) {
    const added: string[] = [];
    const created: string[] = [];
    class FakeFontFace {
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: FontFaceDescriptors,
      ) {
        created.push(`${family} ${descriptors.weight} ${source}`);
      }
      load(): Promise<FakeFontFace> {
        return fail() ? Promise.reject(new Error('network')) : Promise.resolve(this);
      }
    }
    vi.stubGlobal('FontFace', FakeFontFace);
    vi.stubGlobal('document', { fonts: { add: (f: FakeFontFace) => added.push(f.family) } });
    return { added, created };
  }

  it('adds the face to document.fonts once per font', async () => {
    const { added, created } = stubFontApi(() => false);
    const font = FONTS.find((f) => f.id === 'font-playfair-display') as EditorFont;
    await Promise.all([loadEditorFont(font), loadEditorFont(font)]);
    await loadEditorFont(font);
    expect(created).toEqual([
      "Atrium Playfair Display 700 url(/editor/fonts/playfair-display-700.woff2) format('woff2')",
    ]);
    expect(added).toEqual(['Atrium Playfair Display']);
  });

  it('tries again after a failed load', async () => {
    let failing = true;
    const { added } = stubFontApi(() => failing);
    const font = FONTS.find((f) => f.id === 'font-caveat') as EditorFont;
    await expect(loadEditorFont(font)).rejects.toThrow('network');
    failing = false;
    await loadEditorFont(font);
    expect(added).toEqual(['Atrium Caveat']);
  });
});
