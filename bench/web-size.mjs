// JavaScript the home route `/` loads on first load: the module scripts and modulepreload links
// of the built index.html, each gzipped at level 9. Checks that no three.js and no viem (the
// wallet's chain client, issue 18) are among them.
// Baseline: all the JavaScript of the same build. The event pages (issue 17): the same, plus each
// page's lazy chunk and the chunks it imports statically (its first load; the gallery's lightbox
// loads on the first open, so it is not counted).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const DIST = path.join(root, 'apps/web/dist');
const TARGET_KB = 170;
/** A class name only three.js's renderer bundle contains. */
const THREE_MARKER = 'WebGLRenderer';
/** viem's version tag, which its errors carry: only a chunk with viem in it has it. */
const VIEM_MARKER = 'viem@';

/** The event pages' lazy chunks, by the module names Vite gives them. */
const EVENT_PAGES = {
  '/event/index.html': 'EventLandingPage',
  '/event/voting.html': 'VotingPage',
  '/event/record-breaking.html': 'RecordBreakingPage',
  '/event/gallery.html': 'GalleryPage',
  '/event/featuring.html': 'FeaturingPage',
  '/mini-game/index.html': 'MiniGamePage',
};

/** A chunk and every chunk it imports statically (`import … from "./x.js"`), not in `skip`. */
async function staticClosure(assets, start, skip) {
  const seen = new Set();
  const todo = [start];
  while (todo.length > 0) {
    const name = todo.pop();
    if (seen.has(name) || skip.has(name)) continue;
    seen.add(name);
    const source = await readFile(path.join(assets, name), 'utf8');
    for (const match of source.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g))
      todo.push(match[1]);
  }
  return seen;
}

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

export async function benchWebSize() {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) urls.add(url);
  }
  let home = 0;
  const withThree = [];
  const withViem = [];
  for (const url of urls) {
    const source = await readFile(path.join(DIST, url.replace(/^\//, '')));
    home += gz(source);
    if (source.includes(THREE_MARKER)) withThree.push(url);
    if (source.includes(VIEM_MARKER)) withViem.push(url);
  }
  let total = 0;
  const assets = path.join(DIST, 'assets');
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js')) total += gz(await readFile(path.join(assets, name)));
  }
  const homeChunks = new Set([...urls].map((url) => path.basename(url)));
  const names = await readdir(assets);
  const events = {};
  for (const [route, chunk] of Object.entries(EVENT_PAGES)) {
    const start = names.find((n) => n.startsWith(`${chunk}-`) && n.endsWith('.js'));
    if (!start) throw new Error(`web-size: no chunk for ${route} (${chunk}-*.js)`);
    let own = 0;
    for (const name of await staticClosure(assets, start, homeChunks)) {
      own += gz(await readFile(path.join(assets, name)));
    }
    events[route] = { kb: kb(home + own), ownKb: kb(own) };
  }
  const result = {
    homeKb: kb(home),
    events,
    files: urls.size,
    totalKb: kb(total),
    threeOnHome: withThree.length > 0,
    viemOnHome: withViem.length > 0,
  };
  console.log(
    `web-size: home route JS ${result.homeKb} KB gz in ${result.files} files (target <= ${TARGET_KB}), ` +
      `three.js on home: ${result.threeOnHome ? `yes (${withThree.join(', ')})` : 'no'}, ` +
      `viem on home: ${result.viemOnHome ? `yes (${withViem.join(', ')})` : 'no'}; all JS of the build: ${result.totalKb} KB gz`,
  );
  console.log(
    `web-size: event pages' first-load JS (target <= ${TARGET_KB}): ` +
      Object.entries(events)
        .map(([route, e]) => `${route} ${e.kb} KB (home + ${e.ownKb} KB)`)
        .join('; '),
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebSize();
