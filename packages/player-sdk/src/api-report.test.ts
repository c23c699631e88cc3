import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without declarations.
import { currentReport, reportPath } from '../api-report.mjs';

describe('the Player SDK API report', () => {
  it('matches the public surface; run `npm run api-report --workspace packages/player-sdk` after a deliberate change', () => {
    expect((currentReport as () => string)()).toBe(readFileSync(reportPath as string, 'utf8'));
  }, 60_000);
});
