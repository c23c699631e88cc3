// Bundles the server into dist/ with esbuild (options in bundle.mjs).
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle.mjs';

await build(serverBundleOptions({ main: 'src/main.ts', admin: 'src/cli/admin.ts' }, 'dist'));
