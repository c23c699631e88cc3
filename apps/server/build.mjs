// Bundles the server into dist/ with esbuild. Workspace packages (TypeScript sources) are bundled;
// every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const workspace = Object.keys(pkg.dependencies).filter((name) => name.startsWith('@atrium/'));
// The workspace packages' own npm dependencies stay external too (ganache, from @atrium/chain).
const workspaceDeps = workspace.flatMap((name) => {
  const url = new URL(
    `../../packages/${name.slice('@atrium/'.length)}/package.json`,
    import.meta.url,
  );
  return Object.keys(JSON.parse(readFileSync(url, 'utf8')).dependencies ?? {});
});
const external = [
  ...new Set(
    [...Object.keys(pkg.dependencies), ...workspaceDeps].filter((n) => !n.startsWith('@atrium/')),
  ),
];

await build({
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
