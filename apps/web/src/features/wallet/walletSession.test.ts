import type { CurrentUser } from '@atrium/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { runLogoutHooks } from '../../shared/auth/logoutHooks.ts';
import { forgetWalletSession, linkedAddress, walletSession } from './walletSession.ts';

const user = (data: Record<string, unknown>): CurrentUser => ({
  _id: '1',
  username: 'ada',
  email: 'ada@school.test',
  status: 1,
  role: 'member',
  role_label: 'Member',
  logged: true,
  is_guest: false,
  data,
});

function installWallet(answer: (method: string) => Promise<unknown>) {
  const calls: string[] = [];
  (globalThis as { window?: unknown }).window = {
    ethereum: {
      request: ({ method }: { method: string }) => {
        calls.push(method);
        return answer(method);
      },
    },
  };
  return calls;
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  walletSession.set({ account: null });
});

describe('the wallet session', () => {
  it('reads the linked address from the user’s data', () => {
    expect(linkedAddress(user({ address_account: '0xabc' }))).toBe('0xabc');
    expect(linkedAddress(user({}))).toBeNull();
    expect(linkedAddress(null)).toBeNull();
  });

  it('logout forgets the account and asks the wallet to drop its permission', async () => {
    const calls = installWallet(() => Promise.resolve(null));
    walletSession.set({ account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    await runLogoutHooks(user({}));
    expect(walletSession.get().account).toBeNull();
    expect(calls).toEqual(['wallet_revokePermissions']);
  });

  it('a wallet without revoke does not stop the logout; an unused wallet is left alone', async () => {
    const calls = installWallet(() =>
      Promise.reject(Object.assign(new Error('no'), { code: 4200 })),
    );
    await expect(forgetWalletSession(user({ address_account: '0xabc' }))).resolves.toBeUndefined();
    expect(calls).toEqual(['wallet_revokePermissions']);
    await forgetWalletSession(user({}));
    expect(calls).toHaveLength(1);
  });
});
