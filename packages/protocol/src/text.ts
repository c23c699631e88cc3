import { z } from 'zod';

/*
 * PostgreSQL refuses NUL in text, and no other control character belongs in what people type, so
 * every string the server takes goes through one of these two schemas (issue 12, item 15).
 * C1 controls (U+0080–U+009F) are as invisible as C0 ones and are refused too.
 */

// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** The message of a refused control character; the validator puts the field's path in front. */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

type StringParams = Parameters<typeof z.string>[0];

/**
 * A one-line string: no control characters at all (names, titles, ids, tokens, passwords). A
 * feature may give its own full-sentence message for the refusal.
 */
export const lineText = (params?: StringParams, message = CONTROL_CHARACTERS_MESSAGE) =>
  z.string(params).regex(SINGLE_LINE, message);

/** A multi-line string: tab, newline and carriage return are allowed, other controls are not. */
export const multilineText = (params?: StringParams, message = CONTROL_CHARACTERS_MESSAGE) =>
  z.string(params).regex(MULTI_LINE, message);

/** Whether a string is one line without control characters, for schemas built on other types. */
export const isLineText = (value: string): boolean => SINGLE_LINE.test(value);
