import { describe, expect, it } from 'vitest';
import { LoginRequestSchema } from './auth.ts';
import { lineText, multilineText } from './text.ts';

describe('shared string schemas', () => {
  it.each(['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'])(
    'refuses the control %j in one-line text',
    (control) => {
      expect(lineText().safeParse(`a${control}b`).success).toBe(false);
    },
  );

  it.each(['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u009f'])(
    'refuses the control %j in multi-line text',
    (control) => {
      expect(multilineText().safeParse(`a${control}b`).success).toBe(false);
    },
  );

  it('keeps ordinary text and the whitespace of multi-line text', () => {
    expect(lineText().safeParse('Zoë Ångström 🎓 — «ok»').success).toBe(true);
    expect(multilineText().safeParse('line one\n\tline two\r\n').success).toBe(true);
  });

  it('applies to the schemas built on it', () => {
    const result = LoginRequestSchema.safeParse({ username: 'ab\u0000cd', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['username']);
  });
});
