// JavaScript the home route `/` loads on first load: the module scripts and modulepreload links
// of the built index.html, each gzipped at level 9. Checks that no three.js is among them.
// Baseline: all the JavaScript of the same build.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const DIST = path.join(root, 'apps/web/dist');
const TARGET_KB = 170;
/** A class name only three.js's renderer bundle contains. */
const THREE_MARKER = 'WebGLRenderer';

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
  for (const url of urls) {
    const source = await readFile(path.join(DIST, url.replace(/^\//, '')));
    home += gz(source);
    if (source.includes(THREE_MARKER)) withThree.push(url);
  }
  let total = 0;
  const assets = path.join(DIST, 'assets');
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js')) total += gz(await readFile(path.join(assets, name)));
  }
  const result = {
    homeKb: kb(home),
    files: urls.size,
    totalKb: kb(total),
    threeOnHome: withThree.length > 0,
  };
  console.log(
    `web-size: home route JS ${result.homeKb} KB gz in ${result.files} files (target <= ${TARGET_KB}), ` +
      `three.js on home: ${result.threeOnHome ? `yes (${withThree.join(', ')})` : 'no'}; all JS of the build: ${result.totalKb} KB gz`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebSize();
