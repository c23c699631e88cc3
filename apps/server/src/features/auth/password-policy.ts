import { readFileSync } from 'node:fs';
import { findUp } from '../../paths.ts';

let common: Set<string> | undefined;

/** The shipped list of common passwords (the 2,000 most common of 8+ characters). */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = findUp('src/features/auth/common-passwords.txt');
    if (!file) throw new Error('common-passwords.txt is missing');
    common = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#')),
    );
  }
  return common;
}

/** Whether a password is on the common list (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Number of passwords on the list, for tests. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
