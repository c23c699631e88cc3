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

const proxy = {
  // `ws` also carries the socket.io upgrade on /api/socket.
  '/api': { target: API_TARGET, ws: true },
  // The spec's legacy paths (SPEC §7) live beside /api.
  '/apiposterdetail': { target: API_TARGET },
  '/apiscreenshot': { target: API_TARGET },
  '/apiuserfiles': { target: API_TARGET },
  '/assets/poster-description': { target: API_TARGET },
  // A shared photo's page (`/p/{token}`); the slash keeps `/public/...` assets with Vite.
  '/p/': { target: API_TARGET },
};

// The spec's `.html` page routes (AppRoute) exist only as client routes. No plugin is needed for
// them in dev: Vite's SPA fallback already answers any missing `.html` page with index.html
// (checked for every AppRoute, query strings included). The config cannot import
// @atrium/protocol anyway: Node loads the bundled config and cannot run the package's .ts source.
export default defineConfig({
  plugins: [react(), protocolTreeShaking()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
