import { AuthText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { validateRegistration } from './registerValidation.ts';

const valid = {
  username: 'new.student',
  email: 'student@example.org',
  password: 'correct horse battery',
  repeat_password: 'correct horse battery',
  first_name: '',
  last_name: '',
};

describe('registration validation (same schema as the server)', () => {
  it('accepts a valid form, leaving empty optional names out', () => {
    const { data, errors } = validateRegistration(valid);
    expect(errors).toEqual({});
    expect(data).toEqual({
      username: 'new.student',
      email: 'student@example.org',
      password: 'correct horse battery',
      repeat_password: 'correct horse battery',
    });
  });

  it('lets the username be left empty (the email stands in until one is chosen)', () => {
    const { data, errors } = validateRegistration({ ...valid, username: '' });
    expect(errors).toEqual({});
    expect(data?.username).toBeUndefined();
    expect(validateRegistration({ ...valid, username: '  ' }).errors.username).toBe(
      'Username must be at least 3 characters.',
    );
  });

  it('reports every invalid field at once, the mismatch included', () => {
    const { data, errors } = validateRegistration({
      ...valid,
      username: 'a',
      email: 'not-an-email',
      password: 'short',
      repeat_password: 'different',
    });
    expect(data).toBeNull();
    expect(errors).toEqual({
      username: 'Username must be at least 3 characters.',
      email: 'Email is not valid.',
      password: AuthText.passwordTooShort,
      repeat_password: AuthText.passwordMismatch,
    });
  });

  it('reports a mismatch alone', () => {
    const { errors } = validateRegistration({ ...valid, repeat_password: 'something else' });
    expect(errors).toEqual({ repeat_password: AuthText.passwordMismatch });
  });
});
