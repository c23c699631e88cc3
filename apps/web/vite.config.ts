import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { shellUrlFor } from './src/app/spaFallback.ts';

/** The API server that `npm run dev` starts next to Vite. */
const API_TARGET = process.env.ATRIUM_API_URL ?? 'http://localhost:8080';

/**
 * The spec's pages end in `.html` (`/metaverse/index.html`) but exist only as client routes, so
 * Vite would answer them with 404. Rewrite them to the shell before Vite's own middlewares run.
 */
function appRouteFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const shellUrl = req.url ? shellUrlFor(req.url) : undefined;
    if (shellUrl) req.url = shellUrl;
    next();
  };
  return {
    name: 'atrium:app-route-fallback',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

const proxy = {
  // `ws` also carries the socket.io upgrade on /api/socket.
  '/api': { target: API_TARGET, ws: true },
};

export default defineConfig({
  plugins: [react(), appRouteFallback()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
