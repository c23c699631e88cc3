import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters of DESIGN.md: 19 MiB, t=2, p=1. Hashing runs on libuv's thread pool. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * At most this many argon2 jobs at once. The thread pool has four threads; on a small machine
 * four hashes would take every core and starve the event loop, so every other request (and
 * /api/health) would wait behind logins. One core always stays free for the event loop.
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(job: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    // Hand the slot straight to the next job, so a newcomer cannot slip in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_OPTIONS));
}

/** Checks a password against an argon2 hash; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
