import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "Server": every feature folder has the same files, each named for its
// role, so a reader who knows one feature can find their way in the next.
const root = new URL('.', import.meta.url);
const folders = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const sourcesOf = (folder: string): Map<string, string> =>
  new Map(
    readdirSync(new URL(`${folder}/`, root))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => [file, readFileSync(new URL(`${folder}/${file}`, root), 'utf8')]),
  );

/** SQL: Drizzle's query builders or a value import of the tables. */
const usesSql = (source: string): boolean =>
  /from 'drizzle-orm/.test(source) || /^import \{[^}]*\} from '[./]*db\/schema\.ts'/m.test(source);
/** An HTTP route: a contract route served, or a Fastify route of its own. */
const servesHttp = (source: string): boolean =>
  /\bserveRoute\(|\bapp\.(get|post|put|patch|delete|route)\(/.test(source);

/** The files a folder lacks, and the rules it breaks, as readable lines. */
function shapeProblems(folder: string): string[] {
  const sources = sourcesOf(folder);
  const has = (role: string) => sources.has(`${folder}.${role}.ts`);
  const feature = sources.get(`${folder}.feature.ts`) ?? '';
  const problems: string[] = [];
  const need = (role: string, why: string) => {
    if (!has(role)) problems.push(`${folder}/${folder}.${role}.ts is missing (${why})`);
  };
  need('feature', 'every feature registers through one register(app, deps)');
  need('service', 'every feature keeps its rules in a service');
  const http = [...sources.values()].some(servesHttp);
  if (http) need('routes', 'it serves HTTP routes');
  const sockets = /\b(socket|namespace)\(/.test(feature);
  if (sockets) need('socket', 'it registers socket handlers');
  if (!http && !sockets) problems.push(`${folder} serves neither HTTP nor sockets`);
  if (/\bon\(\s*'/.test(feature)) {
    problems.push(`${folder}/${folder}.feature.ts handles socket events inline`);
  }
  const sql = [...sources].filter(
    ([file, source]) => usesSql(source) && !/\.repository\.ts$/.test(file),
  );
  for (const [file] of sql) problems.push(`${folder}/${file} holds SQL outside a repository`);
  if ([...sources.values()].some(usesSql)) need('repository', 'it reads or writes the database');
  return problems;
}

describe('the shape of a server feature', () => {
  it.each(folders)('%s has the files its shape requires', (folder) => {
    expect(shapeProblems(folder)).toEqual([]);
  });

  it('app.ts imports no feature internals, only the registry and the Feature contract', () => {
    const app = readFileSync(new URL('../app.ts', root), 'utf8');
    const imports = [...app.matchAll(/from '(\.\/features\/[^']+)'/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(
      imports.filter((path) => path !== './features/index.ts' && path !== './features/feature.ts'),
    ).toEqual([]);
  });
});
