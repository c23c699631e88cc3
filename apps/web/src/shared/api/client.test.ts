import { CommonText, OkMessageSchema } from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorMessage } from './client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The ApiError a request fails with (the test fails if it succeeds). */
async function failure(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The request was expected to fail.');
}

describe('api client', () => {
  it('parses a success answer with the protocol schema and sends the bearer token', async () => {
    const fetch = vi.fn(async () => json(200, { status: true, message: 'Saved.' }));
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await expect(
      client.request('/api/x', { method: 'POST', body: { a: 1 }, schema: OkMessageSchema }),
    ).resolves.toEqual({ status: true, message: 'Saved.' });
    expect(fetch).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'Bearer abc',
      },
      body: '{"a":1}',
      credentials: 'same-origin',
    });
  });

  it('sends no token when asked not to, and no content type without a body', async () => {
    const fetch = vi.fn(async () => json(200, { status: true, message: '' }));
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await client.request('/api/auth/guest', {
      method: 'POST',
      schema: OkMessageSchema,
      auth: false,
    });
    expect(fetch).toHaveBeenCalledWith('/api/auth/guest', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: undefined,
      credentials: 'same-origin',
    });
  });

  it('throws the server message of a failure envelope', async () => {
    const client = createApiClient({
      fetch: async () => json(401, { status: false, code: 'unauthorized', message: 'Nope.' }),
    });
    const error = await failure(client.request('/api/auth', { schema: OkMessageSchema }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      serverMessage: 'Nope.',
      message: 'Nope.',
    });
  });

  it('treats a 200 with status false as a failure', async () => {
    const client = createApiClient({
      fetch: async () => json(200, { status: false, message: 'Busy.' }),
    });
    await expect(client.request('/x', { schema: OkMessageSchema })).rejects.toMatchObject({
      serverMessage: 'Busy.',
    });
  });

  it.each([
    ['a body that is not JSON', async () => new Response('<html>', { status: 502 })],
    ['no answer at all', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a success body of the wrong shape', async () => json(200, { ok: 1 })],
  ])('falls back to the unknown-error text for %s', async (_name, fetch) => {
    const client = createApiClient({ fetch });
    const error = await failure(client.request('/x', { schema: OkMessageSchema }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toBeNull();
    expect(error.message).toBe(CommonText.unknownError);
    expect(errorMessage(error, 'Unable to update username.')).toBe('Unable to update username.');
  });
});
