import { describe, expect, it } from 'vitest';
import { createInFlightGuard } from './inFlight.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('keyed in-flight guard (SPEC §4)', () => {
  it('blocks a second run of the same key while the first is in flight', async () => {
    const guard = createInFlightGuard();
    const gate = deferred<string>();
    let runs = 0;
    const action = () => {
      runs += 1;
      return gate.promise;
    };

    const first = guard.run('login', action);
    const second = guard.run('login', action);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(runs).toBe(1);
    expect(guard.isRunning('login')).toBe(true);

    gate.resolve('ok');
    await expect(first).resolves.toBe('ok');
    expect(guard.isRunning('login')).toBe(false);
  });

  it('lets different keys run at the same time', async () => {
    const guard = createInFlightGuard();
    const a = guard.run('forgot', () => Promise.resolve(1));
    const b = guard.run('recover', () => Promise.resolve(2));
    await expect(Promise.all([a, b])).resolves.toEqual([1, 2]);
  });

  it('allows the key again after a failure', async () => {
    const guard = createInFlightGuard();
    const failing = guard.run('register', () => Promise.reject(new Error('taken')));
    await expect(failing).rejects.toThrow('taken');
    expect(guard.isRunning('register')).toBe(false);
    await expect(guard.run('register', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('releases the key when the action throws before returning a promise', async () => {
    const guard = createInFlightGuard();
    const thrown = guard.run('guest', () => {
      throw new Error('sync');
    });
    await expect(thrown).rejects.toThrow('sync');
    expect(guard.isRunning('guest')).toBe(false);
  });
});
