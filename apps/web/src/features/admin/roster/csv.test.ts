import { ROSTER_MAX_ROWS, ROSTER_TEMPLATE_CSV, RosterText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { parseRoster } from './csv.ts';
import { RosterUiText as T } from './texts.ts';

const rowsOf = async (text: string) => {
  const parsed = await parseRoster(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.entries.map((entry) => entry.row);
};

describe('roster CSV (issue 29)', () => {
  it('reads the template', async () => {
    expect(await rowsOf(ROSTER_TEMPLATE_CSV)).toEqual([
      { username: 'ada.l', email: 'ada@school.example', role: 'member', class: 'Year 7 Blue' },
      { username: 'mr.babbage', email: 'babbage@school.example', role: 'teacher', class: '' },
    ]);
  });

  it('takes the columns in any case and order; no class and an empty role mean none and member', async () => {
    const text =
      '\ufeffEMAIL;Role;UserName\r\n a@school.test ;;ann\r\n\r\nb@school.test;Teacher;bob\r\n';
    const parsed = await parseRoster(text);
    expect(parsed.ok && parsed.entries.map((e) => [e.line, e.row])).toEqual([
      [1, { username: 'ann', email: 'a@school.test', role: 'member', class: '' }],
      [2, { username: 'bob', email: 'b@school.test', role: 'teacher', class: '' }],
    ]);
  });

  it('refuses a file without the header, without rows, or with too many rows', async () => {
    expect(await parseRoster('ann,a@school.test,member\n')).toEqual({
      ok: false,
      message: T.missingColumns,
    });
    expect(await parseRoster('username,email,role\n')).toEqual({
      ok: false,
      message: RosterText.empty,
    });
    const many = Array.from({ length: ROSTER_MAX_ROWS + 1 }, (_, i) => `p${i},p${i}@s.test`);
    expect(await parseRoster(['username,email', ...many].join('\n'))).toEqual({
      ok: false,
      message: T.tooManyRows(ROSTER_MAX_ROWS + 1),
    });
  });

  it('says where a broken quote is', async () => {
    const parsed = await parseRoster('username,email\nann,a@school.test\n"bob,b@school.test\n');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toBe(T.notCsv('Quoted field unterminated', 3));
  });
});
