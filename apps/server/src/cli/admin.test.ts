import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MinigameText } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/database.ts';
import { auditLog, dartsSessions, tokenRevocations, users } from '../db/schema.ts';
import { findUp } from '../paths.ts';
import { parse, USAGE } from './admin-args.ts';

const root = path.dirname(findUp('package-lock.json') as string);
const serverDir = path.join(root, 'apps/server');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('admin CLI', () => {
  let env: NodeJS.ProcessEnv;
  let bundleDir: string;
  // The CLI runs as it ships: these sources bundled as `npm run build` bundles them, then `node`.
  // Through tsx each run took 5.1 s against 2.2 s (most of it compiling the server's sources
  // again), and the ten runs were the server project's slowest file (123 s in a loaded CI run).
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-cli-'));
    env = { PATH: process.env.PATH, DATA_DIR: dataDir };
    // Under apps/server, so the bundle finds node_modules and the migrations as dist/ does.
    bundleDir = await mkdtemp(path.join(serverDir, 'dist-cli-test-'));
    // @ts-expect-error: a plain ES module without types, shared with build.mjs.
    const { serverBundleOptions } = (await import('../../bundle.mjs')) as {
      serverBundleOptions: (entries: Record<string, string>, outdir: string) => object;
    };
    await build({
      ...serverBundleOptions({ admin: 'src/cli/admin.ts' }, bundleDir),
      sourcemap: false,
    });
  });
  afterAll(async () => {
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  const admin = (args: string[], stdin = ''): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(bundleDir, 'admin.mjs'), ...args],
        { env, cwd: root },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        },
      );
      child.stdin?.end(stdin);
    });

  // Each CLI run opens the embedded database (the first one migrates it): about 5 s a run on a
  // quiet machine, and over 60 s for this test's three beside the e2e browsers (CI, 2026-11-29).
  it('creates a user with the password from stdin, changes its role and lists it', async () => {
    const created = await admin(
      [
        'create-user',
        '--role',
        'teacher',
        '--username',
        'grace',
        '--email',
        'grace@school.example',
      ],
      'a long enough password\n',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created teacher grace');

    const changed = await admin(['set-role', '--username', 'grace', '--role', 'admin']);
    expect(changed.stdout).toContain('grace is now admin');

    const listed = await admin(['list-users']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^grace\tgrace@school\.example\tadmin\tstatus=1\t/m);

    // Issue 29: both changes are in the audit log, by the command line.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(env.DATA_DIR ?? '', 'db'),
    });
    try {
      const entries = await database.db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.map((e) => [e.actorName, e.action, e.targetLabel, e.after])).toEqual([
        [
          'cli',
          'person.create',
          'grace',
          { username: 'grace', email: 'grace@school.example', role: 'teacher' },
        ],
        ['cli', 'person.role', 'grace', { role: 'admin' }],
      ]);
      // The role change voids grace's tokens that carry the old role (every server refuses
      // them; with Redis, running servers close her connections too: admin.cluster.test.ts).
      const [grace] = await database.db.select().from(users).where(eq(users.username, 'grace'));
      const revoked = await database.db
        .select()
        .from(tokenRevocations)
        .where(eq(tokenRevocations.subject, grace?.id ?? ''));
      expect(revoked).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 180_000);

  // Two wrong lines through the bundled CLI (exit code 2 and the usage text); every other wrong
  // line in-process, where the same `parse` refuses it (a CLI run costs seconds each).
  it.each([[[]], [['frobnicate']]])(
    'prints usage and exits non-zero for %j',
    async (args) => {
      const run = await admin(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin');
    },
    90_000,
  );

  it.each([
    [['create-user', '--role', 'king', '--username', 'x', '--email', 'x@y.z']],
    [['create-user', '--username', 'x']],
    [['set-role', '--username', 'x']],
    [['list-users', '--verbose']],
    [['events']],
    [['events', 'export']],
    [['events', 'export', 'everything']],
    [['events', 'export', 'voting', 'extra']],
    [['leaderboard']],
    [['leaderboard', 'remove', '501']],
    [['leaderboard', 'remove', 'cricket', 'grace']],
    [['leaderboard', 'remove', '501', 'grace', 'extra']],
  ])('refuses the command line %j', (args) => {
    expect(() => parse(args)).toThrow();
  });

  it('reads a right command line', () => {
    expect(parse(['leaderboard', 'remove', '501', 'grace'])).toEqual({
      command: 'leaderboard-remove',
      mode: '501',
      username: 'grace',
    });
    expect(parse(['events', 'export', 'record'])).toEqual({
      command: 'events-export',
      kind: 'record',
    });
    expect(USAGE).toContain('Usage: npm run admin');
  });

  it('refuses a weak password or a taken name without creating anything', async () => {
    const weak = await admin(
      ['create-user', '--role', 'member', '--username', 'bob', '--email', 'bob@x.org'],
      'short',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 8 characters.');
    const taken = await admin(
      ['create-user', '--role', 'member', '--username', 'GRACE', '--email', 'other@x.org'],
      'another long password',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already registered');
    const listed = await admin(['list-users']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
  }, 180_000);

  it("removes a player's entry from a darts leaderboard, and says when there is none", async () => {
    // A win of grace's (created above), written straight to the embedded database.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(env.DATA_DIR!, 'db'),
    });
    const [grace] = await database.db.select().from(users).where(eq(users.username, 'grace'));
    await database.db.insert(dartsSessions).values({
      ownerSub: grace!.id,
      userId: grace!.id,
      username: 'grace',
      mode: '501',
      opponent: 'computer-3',
      finishedAt: new Date(),
      isWinner: true,
      darts: 9,
    });
    await database.close();
    const removed = await admin(['leaderboard', 'remove', '501', 'GRACE']);
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toBe('Removed grace from the 501 leaderboard (1 win(s)).\n');
    const again = await admin(['leaderboard', 'remove', '501', 'grace']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(MinigameText.noEntry);
  }, 180_000);

  it('exports event submissions as CSV on standard output', async () => {
    const run = await admin(['events', 'export', 'voting']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('id,kind,vote_team,name,email,phone_number,message,created_at\r\n');
    expect(run.stderr).toContain('0 voting submission(s) exported.');
  }, 90_000);
});
