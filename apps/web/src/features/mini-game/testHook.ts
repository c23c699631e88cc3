export type { DartsTestHook } from './testHookTypes.ts';

/** The hook exists with `?test-hook=1`, or in development builds. */
export function testHookEnabled(search = window.location.search): boolean {
  return import.meta.env.DEV || new URLSearchParams(search).get('test-hook') === '1';
}
