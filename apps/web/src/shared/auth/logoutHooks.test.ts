import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_HOOK_TIMEOUT_MS, onLogout, runLogoutHooks } from './logoutHooks.ts';

describe('logout hooks', () => {
  it('runs every hook, a failing one included, and forgets removed hooks', async () => {
    const seen: string[] = [];
    const removeA = onLogout(() => {
      seen.push('a');
    });
    const removeB = onLogout(() => Promise.reject(new Error('wallet gone')));
    const removeC = onLogout(async () => {
      await Promise.resolve();
      seen.push('c');
    });
    await runLogoutHooks(null);
    expect(seen).toEqual(['a', 'c']);
    removeA();
    removeB();
    removeC();
    await runLogoutHooks(null);
    expect(seen).toEqual(['a', 'c']);
  });

  it('does not wait for a hook that never ends', async () => {
    vi.useFakeTimers();
    const remove = onLogout(() => new Promise<void>(() => {}));
    const done = runLogoutHooks(null).then(() => 'done');
    await vi.advanceTimersByTimeAsync(LOGOUT_HOOK_TIMEOUT_MS);
    await expect(done).resolves.toBe('done');
    remove();
    vi.useRealTimers();
  });
});
