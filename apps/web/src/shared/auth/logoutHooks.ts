import type { CurrentUser } from '@atrium/protocol';

/** Something a feature forgets when the user logs out (SPEC §4: the wallet provider, …). */
export type LogoutHook = (user: CurrentUser | null) => void | Promise<void>;

const hooks = new Set<LogoutHook>();

/** Registers a hook that runs on every logout; returns its removal. */
export function onLogout(hook: LogoutHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** A hook that has not finished by then (a wallet that never answers) is left behind. */
export const LOGOUT_HOOK_TIMEOUT_MS = 1500;

/** Runs every hook; a failing or slow hook never stops the logout. */
export async function runLogoutHooks(user: CurrentUser | null): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_HOOK_TIMEOUT_MS);
  });
  const all = Promise.all(
    [...hooks].map(async (hook) => {
      try {
        await hook(user);
      } catch {
        // The logout goes on whatever a feature could not forget.
      }
    }),
  );
  await Promise.race([all, late]);
  clearTimeout(timer);
}
