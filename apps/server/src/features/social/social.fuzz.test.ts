import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships } from '../../db/schema.ts';
import type { FriendshipRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createPerson, JWT_SECRET } from '../../../test/people.ts';
import type { Person } from '../../../test/people.ts';
import { mulberry32 } from '@atrium/protocol/testing';

const SEEDS = [1, 16, 2026];
// Few people, so the concurrent operations of a round often hit the same pair.
const PEOPLE = 3;
const ROUNDS = 25;
const CONCURRENT = 8;

/** Both records of every pair agree, and each status carries the times it should. */
function checkAgreement(rows: FriendshipRow[]): void {
  const byPair = new Map(rows.map((r) => [`${r.userId}:${r.friendId}`, r]));
  for (const row of rows) {
    const other = byPair.get(`${row.friendId}:${row.userId}`);
    expect(other, `missing mirror of ${row.userId}→${row.friendId}`).toBeDefined();
    expect({ ...other, userId: row.userId, friendId: row.friendId }).toEqual(row);
    expect([row.userId, row.friendId]).toContain(row.requestedBy);
    if (row.status === 0) expect([row.approvedOn, row.rejectedOn]).toEqual([null, null]);
    if (row.status === 1) expect(row.approvedOn && !row.rejectedOn).toBeTruthy();
    if (row.status === 2) expect(row.rejectedOn && !row.approvedOn).toBeTruthy();
  }
}

type Op = { kind: 'request' | 'accept' | 'reject' | 'remove'; me: string; other: string };
type PairState = { status: number; requestedBy: string } | null;

/** The model: what one operation does to a pair's state, or null when it is refused. */
function apply(state: PairState, op: Op): { ok: boolean; state: PairState } {
  switch (op.kind) {
    case 'request':
      return state && state.status !== 2
        ? { ok: false, state }
        : { ok: true, state: { status: 0, requestedBy: op.me } };
    case 'accept':
    case 'reject':
      return state?.status === 0 && state.requestedBy === op.other
        ? { ok: true, state: { status: op.kind === 'accept' ? 1 : 2, requestedBy: op.other } }
        : { ok: false, state };
    case 'remove':
      return state ? { ok: true, state: null } : { ok: false, state };
  }
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * Whether the concurrent operations on one pair, with the outcomes they had, can be explained
 * by running them one after the other in some order from `before`, ending in `after`.
 */
function linearizable(
  before: PairState,
  after: PairState,
  ops: Array<{ op: Op; ok: boolean }>,
): boolean {
  return permutations(ops).some((order) => {
    let state = before;
    for (const { op, ok } of order) {
      const next = apply(state, op);
      if (next.ok !== ok) return false;
      state = next.state;
    }
    return JSON.stringify(state) === JSON.stringify(after);
  });
}

const pairKey = (a: string, b: string) => [a, b].sort().join(':');

function pairStates(rows: FriendshipRow[]): Map<string, PairState> {
  const states = new Map<string, PairState>();
  for (const r of rows) {
    states.set(pairKey(r.userId, r.friendId), { status: r.status, requestedBy: r.requestedBy });
  }
  return states;
}

describe.each(testDatabaseKinds())('friendship fuzz on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let people: Person[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET });
    people = [];
    for (let i = 0; i < PEOPLE; i += 1) people.push(await createPerson(database.db, `fz${i}`));
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it.each(SEEDS)(
    'concurrent request, accept, reject and remove keep both records in agreement (seed %i)',
    async (seed) => {
      const next = mulberry32(seed);
      const service = server.app.social.service;
      const pick = () => people[Math.floor(next() * people.length)]!;
      const kinds = ['request', 'accept', 'reject', 'remove'] as const;
      let applied = 0;
      let before = pairStates(await database.db.select().from(friendships));
      for (let round = 0; round < ROUNDS; round += 1) {
        const ops: Op[] = Array.from({ length: CONCURRENT }, () => {
          const me = pick();
          let other = pick();
          while (other === me) other = pick();
          return { kind: kinds[Math.floor(next() * kinds.length)]!, me: me.id, other: other.id };
        });
        const claimsOf = (id: string) => people.find((p) => p.id === id)!;
        const results = await Promise.allSettled(
          ops.map((op) => {
            const me = claimsOf(op.me).claims;
            switch (op.kind) {
              case 'request':
                return service.requestFriend(me, claimsOf(op.other).name);
              case 'accept':
                return service.answerFriend(me, op.other, true);
              case 'reject':
                return service.answerFriend(me, op.other, false);
              case 'remove':
                return service.removeFriend(me, op.other);
            }
          }),
        );
        for (const r of results) {
          // Refusals (already friends, nothing pending) are expected; anything else is a bug.
          if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(AppError);
          else applied += 1;
        }
        const rows = await database.db.select().from(friendships);
        checkAgreement(rows);
        const after = pairStates(rows);
        const byPair = new Map<string, Array<{ op: Op; ok: boolean }>>();
        ops.forEach((op, i) => {
          const key = pairKey(op.me, op.other);
          byPair.set(key, [
            ...(byPair.get(key) ?? []),
            { op, ok: results[i]!.status === 'fulfilled' },
          ]);
        });
        for (const [key, pairOps] of byPair) {
          const explained = linearizable(before.get(key) ?? null, after.get(key) ?? null, pairOps);
          expect(explained, `seed ${seed} round ${round} pair ${key}`).toBe(true);
        }
        before = after;
      }
      // The fuzz did something: some operations went through.
      expect(applied).toBeGreaterThan(ROUNDS);
    },
  );
});
