import { AuthText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import type { AuthClaims } from './access-tokens.ts';
import { requireRole } from './policy.ts';

const as = (role: AuthClaims['role']): AuthClaims => ({ sub: 'u1', username: 'u', role });

function failure(check: () => unknown): { status: number; message: string } {
  try {
    check();
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the check let the caller through');
}

describe('requireRole', () => {
  const adminOnly = requireRole('admin', 'Only admins.');
  const staff = requireRole(['admin', 'teacher'], 'Only staff.');

  it('lets the named roles through and answers their claims', () => {
    expect(adminOnly(as('admin')).role).toBe('admin');
    expect(staff(as('teacher')).role).toBe('teacher');
    expect(staff(as('admin')).role).toBe('admin');
  });

  it('answers 401 without a sign-in', () => {
    expect(failure(() => adminOnly(null))).toEqual({ status: 401, message: AuthText.notSignedIn });
  });

  it('tells guests to register first, as every account-only route does', () => {
    expect(failure(() => adminOnly(as('guest')))).toEqual({
      status: 403,
      message: AuthText.registerRequired,
    });
  });

  it("refuses other accounts with the feature's own text", () => {
    expect(failure(() => adminOnly(as('teacher')))).toEqual({
      status: 403,
      message: 'Only admins.',
    });
    expect(failure(() => staff(as('member')))).toEqual({ status: 403, message: 'Only staff.' });
  });
});
