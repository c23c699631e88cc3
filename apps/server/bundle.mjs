// How the server is bundled with esbuild, shared by `build.mjs` (dist/) and the admin CLI's test
// (a fresh bundle of the sources it tests). Workspace packages (TypeScript sources) are bundled;
// every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';

/** esbuild's options for `entryPoints` written to `outdir` (which must sit under apps/server). */
export function serverBundleOptions(entryPoints, outdir) {
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
  return {
    entryPoints,
    outdir,
    absWorkingDir: new URL('.', import.meta.url).pathname,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  };
}
