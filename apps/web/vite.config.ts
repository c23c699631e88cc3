import { createReadStream } from 'node:fs';
import { cp, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';

/** The API server that `npm run dev` starts next to Vite. */
const API_TARGET = process.env.ATRIUM_API_URL ?? 'http://localhost:8080';

/**
 * @atrium/protocol builds zod schemas at module level (`export const RoleSchema = z.enum(...)`). A
 * bundler must assume those calls have side effects, so importing `roleLabels` or `AppRoute`
 * alone would pull all of zod into the home page's chunk (about 24 kB gzipped). The package is
 * declarations only, so for the browser build: mark its modules side-effect free and wrap each
 * top-level call initialiser in a pure IIFE, which lets unused schemas (and zod) be dropped.
 * The clean fix belongs in packages/protocol (`"sideEffects": false` plus `/* @__PURE__ *\/`
 * annotations); then this plugin can go.
 */
function protocolTreeShaking(): Plugin {
  return {
    name: 'atrium:protocol-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]protocol[\\/]src[\\/]/ },
      handler(code) {
        const calls: { start: number; end: number }[] = [];
        for (const statement of parseAst(code).body) {
          const declaration =
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations) {
            if (init?.type === 'CallExpression') calls.push({ start: init.start, end: init.end });
          }
        }
        let out = code;
        for (const { start, end } of calls.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
        }
        return { code: out, map: null, moduleSideEffects: false };
      },
    },
  };
}

/**
 * Excalidraw's fonts, served by us (issue 15): Excalidraw loads them from
 * `window.EXCALIDRAW_ASSET_PATH` and otherwise from a public CDN, and a class's browsers must ask
 * no other host. The build copies `dist/prod/fonts` under a path named for the version (so it
 * may be cached for good, like the other assets), the dev server serves the same path from
 * node_modules, and `__EXCALIDRAW_ASSET_PATH__` tells the lazy whiteboard chunk where it is.
 */
function excalidrawAssets(): Plugin {
  const require = createRequire(import.meta.url);
  // The package's `exports` hide package.json; its entry sits at dist/prod/index.js.
  const prodDir = path.dirname(require.resolve('@excalidraw/excalidraw'));
  const fontsDir = path.join(prodDir, 'fonts');
  let base = '/';
  let outDir = 'dist';
  let assetDir = '';
  return {
    name: 'atrium:excalidraw-assets',
    async config(config) {
      const pkg = JSON.parse(
        await readFile(path.join(prodDir, '..', '..', 'package.json'), 'utf8'),
      ) as { version: string };
      assetDir = `assets/excalidraw-${pkg.version}/`;
      const assetPath = `${config.base ?? '/'}${assetDir}`;
      return { define: { __EXCALIDRAW_ASSET_PATH__: JSON.stringify(assetPath) } };
    },
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Excalidraw lists its CDN after our path in every font's sources, and Chromium was seen
    // asking the CDN for fonts the page never drew: the fallback is pointed at our path too.
    transform: {
      filter: { id: /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]/, code: 'ASSETS_FALLBACK_URL' },
      handler(code, id) {
        const fallback = /`https:\/\/esm\.sh\/\$\{.*?\}\/dist\/prod\/`/g;
        if (!fallback.test(code)) {
          this.error(`Excalidraw's font fallback was not found in ${id}: check excalidrawAssets()`);
        }
        // A URL base must be absolute; the page's origin is known only in the browser.
        const ours = `(window.location.origin + ${JSON.stringify(`${base}${assetDir}`)})`;
        return { code: code.replace(fallback, () => ours), map: null };
      },
    },
    configureServer(server) {
      const prefix = `${base}${assetDir}fonts/`;
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(prefix)) return next();
        const file = path.join(fontsDir, decodeURIComponent(url.slice(prefix.length)));
        if (!file.startsWith(fontsDir + path.sep)) return next();
        stat(file).then(
          () => {
            res.setHeader('content-type', 'font/woff2');
            createReadStream(file).pipe(res);
          },
          () => next(),
        );
      });
    },
    async writeBundle() {
      await cp(fontsDir, path.join(outDir, assetDir, 'fonts'), { recursive: true });
    },
  };
}

/**
 * A lazy chunk's preload list (`__vite__mapDeps`: what Vite fetches beside it) named every chunk
 * it imports, also those that have run before the import can: the chunks index.html loads, and
 * the importing chunk's own static imports. Naming them only cost bytes: 0.7 KB of the mini-game
 * page's gzipped first load, and 0.3 KB of the home route's (its entry lists them for every lazy
 * page). They are left out of the lists in JS; index.html keeps its list (`hostType: 'html'`).
 */
function skipLoadedPreloads() {
  let chunks = new Map<string, readonly string[]>();
  let entry: string | undefined;
  /** The chunk and every chunk it imports statically: loaded once it runs. */
  const closure = (start: string | undefined, into = new Set<string>()) => {
    const todo = start ? [start] : [];
    while (todo.length > 0) {
      const name = todo.pop()!;
      if (into.has(name) || !chunks.has(name)) continue;
      into.add(name);
      todo.push(...chunks.get(name)!);
    }
    return into;
  };
  const plugin: Plugin = {
    name: 'atrium:skip-loaded-preloads',
    apply: 'build',
    // Before Vite's import analysis writes the lists, in its own generateBundle.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        chunks = new Map();
        entry = undefined;
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          chunks.set(file.fileName, file.imports);
          if (file.isEntry && /[\\/]index\.html$/.test(file.facadeModuleId ?? ''))
            entry = file.fileName;
        }
        if (!entry) this.error('skipLoadedPreloads: no chunk for index.html');
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
  ) => {
    if (hostType !== 'js') return deps;
    const loaded = closure(hostId, closure(entry));
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const loadedPreloads = skipLoadedPreloads();

const proxy = {
  // `ws` also carries the socket.io upgrade on /api/socket.
  '/api': { target: API_TARGET, ws: true },
  // The spec's legacy paths (SPEC §7) live beside /api.
  '/apiposterdetail': { target: API_TARGET },
  '/apiscreenshot': { target: API_TARGET },
  '/apiuserfiles': { target: API_TARGET },
  '/apipublicfiles': { target: API_TARGET },
  '/apimember': { target: API_TARGET },
  '/upload.php': { target: API_TARGET },
  '/assets/poster-description': { target: API_TARGET },
  // A shared photo's page (`/p/{token}`); the slash keeps `/public/...` assets with Vite.
  '/p/': { target: API_TARGET },
  // SPEC §7's public form paths, and `gallery.json` beside the gallery page.
  '/public/': { target: API_TARGET },
  '/event/gallery.json': { target: API_TARGET },
};

// The spec's `.html` page routes (AppRoute) exist only as client routes. No plugin is needed for
// them in dev: Vite's SPA fallback already answers any missing `.html` page with index.html
// (checked for every AppRoute, query strings included). The config cannot import
// @atrium/protocol anyway: Node loads the bundled config and cannot run the package's .ts source.
export default defineConfig({
  plugins: [react(), protocolTreeShaking(), excalidrawAssets(), loadedPreloads.plugin],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { resolveDependencies: loadedPreloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // TanStack Query in one chunk: with the admin console's lazy importers it was split in
        // two shared chunks, and the split's wrappers cost the home route 0.65 KB gzipped.
        codeSplitting: {
          groups: [
            // The event pages' own small modules in one chunk: the admin console imports the
            // events' paths too, which split them into three chunks (0.2 KB more per page).
            {
              name: 'event-pages-shared',
              test: /(protocol[\\/]src[\\/](api[\\/]events\.paths|event-texts)|features[\\/]events[\\/](json|galleryData))\.ts$/,
            },
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/](react-)?query/ },
          ],
        },
      },
    },
  },
});
