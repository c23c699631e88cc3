import type { DemoAccount } from '../src/db/seed.ts';

/** Access tokens and user ids by role (`admin`, `teacher`, `member`, and `guest` for a guest). */
export interface DemoSessions {
  tokens: Record<string, string>;
  ids: Record<string, string>;
}

/** Logs every demo account in, and enters once as a guest, against a running test server. */
export async function signInDemoAccounts(
  serverUrl: string,
  accounts: readonly DemoAccount[],
): Promise<DemoSessions> {
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const a of accounts) {
    const res = await fetch(`${serverUrl}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: a.username, password: a.password }),
    });
    const body = (await res.json()) as { token: string; data: { _id: string } };
    tokens[a.role] = body.token;
    ids[a.role] = body.data._id;
  }
  const guest = await fetch(`${serverUrl}/api/auth/guest`, { method: 'POST' });
  tokens.guest = ((await guest.json()) as { token: string }).token;
  return { tokens, ids };
}
