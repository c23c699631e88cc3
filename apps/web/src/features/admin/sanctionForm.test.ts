import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { sanctionResolver, type SanctionFormValues, type SanctionTarget } from './sanctionForm.ts';
import { AdminUiText as T } from './texts.ts';

const USER = '00000000-0000-4000-8000-000000000007';
const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<SanctionFormValues>;
const form = (values: Partial<SanctionFormValues>): SanctionFormValues => ({
  kind: 'warn',
  address: '',
  minutes: '',
  forGood: false,
  reason: 'Spamming the chat',
  ...values,
});
const check = (values: Partial<SanctionFormValues>, target: SanctionTarget = { user_id: USER }) =>
  sanctionResolver(target)(form(values), undefined, options);

describe('the sanction form’s checks (the contract’s schema, issue 29)', () => {
  it('sends a warning without minutes, whatever was typed there before', async () => {
    expect(await check({ kind: 'warn', minutes: '30' })).toEqual({
      values: { kind: 'warn', user_id: USER, reason: 'Spamming the chat' },
      errors: {},
    });
  });

  it('puts the schema’s whole-form words on the minutes of a mute without them', async () => {
    const { errors } = await check({ kind: 'mute' });
    expect(errors.minutes?.message).toBe('Say how many minutes the mute lasts.');
  });

  it('asks a ban for minutes or for good, and sends a ban for good without minutes', async () => {
    expect((await check({ kind: 'ban' })).errors.minutes?.message).toBe(T.banNeedsLength);
    expect((await check({ kind: 'ban', minutes: '90', forGood: true })).values).toEqual({
      kind: 'ban',
      user_id: USER,
      reason: 'Spamming the chat',
    });
    expect((await check({ kind: 'ban', minutes: '1.5' })).errors.minutes?.message).toBe(
      'Minutes must be a whole number.',
    );
  });

  it('carries the report it answers, and refuses an empty reason in the schema’s words', async () => {
    const result = await check({ kind: 'kick', reason: '  ' }, { user_id: USER, report_id: 4 });
    expect(result.errors.reason?.message).toBe('Give a reason.');
    const ok = await sanctionResolver({ user_id: USER, report_id: 4 })(
      form({ kind: 'kick' }),
      undefined,
      options,
    );
    expect(ok.values).toMatchObject({ kind: 'kick', report_id: 4 });
  });

  it('bans a network address, and refuses what is not one', async () => {
    const target = { address: true } as const;
    const bad = await check({ kind: 'ban', address: 'campus', forGood: true }, target);
    expect(bad.errors.address?.message).toBe('That is not a network address.');
    const ok = await check({ kind: 'ban', address: ' 203.0.113.7 ', minutes: '60' }, target);
    expect(ok.values).toEqual({
      kind: 'ban',
      address: '203.0.113.7',
      minutes: 60,
      reason: 'Spamming the chat',
    });
  });
});
