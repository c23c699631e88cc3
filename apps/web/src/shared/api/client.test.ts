import { CommonText, defineRoute, OkMessageSchema } from '@atrium/protocol';
import { z } from 'zod';
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

/** Routes of a made-up domain, so the client is tested apart from the real contract. */
const TestApi = {
  save: defineRoute({
    method: 'POST',
    path: '/api/x',
    body: z.object({ a: z.number() }),
    response: OkMessageSchema,
    tags: ['test'],
    summary: 'save',
  }),
  guest: defineRoute({
    method: 'POST',
    path: '/api/auth/guest',
    response: OkMessageSchema,
    tags: ['test'],
    summary: 'guest',
  }),
  read: defineRoute({
    method: 'GET',
    path: '/x',
    response: OkMessageSchema,
    tags: ['test'],
    summary: 'read',
  }),
  item: defineRoute({
    method: 'GET',
    path: '/api/items/:id',
    params: z.object({ id: z.string() }),
    query: z.object({ page: z.number().optional() }),
    response: OkMessageSchema,
    tags: ['test'],
    summary: 'item',
  }),
  form: defineRoute({
    method: 'POST',
    path: '/api/chat/add',
    body: z.object({ room: z.string(), message: z.string() }),
    encoding: 'form',
    response: OkMessageSchema,
    tags: ['test'],
    summary: 'form',
  }),
};

describe('api client', () => {
  it('parses a success answer with the protocol schema and sends the bearer token', async () => {
    const fetch = vi.fn(async () => json(200, { status: true, message: 'Saved.' }));
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await expect(client.call(TestApi.save, { body: { a: 1 } })).resolves.toEqual({
      status: true,
      message: 'Saved.',
    });
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
    await client.call(TestApi.guest, {}, { auth: false });
    expect(fetch).toHaveBeenCalledWith('/api/auth/guest', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: undefined,
      credentials: 'same-origin',
    });
  });

  it('sends a token given with the call instead of the session token', async () => {
    const fetch = vi.fn(async () => json(200, { status: true, message: '' }));
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    await client.call(TestApi.guest, {}, { token: 'frame' });
    expect(fetch).toHaveBeenCalledWith('/api/auth/guest', {
      method: 'POST',
      headers: { accept: 'application/json', authorization: 'Bearer frame' },
      body: undefined,
      credentials: 'same-origin',
    });
  });

  it('fetches an owner-only file with the bearer token, and refuses a failed answer', async () => {
    const fetch = vi.fn(async () => new Response('png', { status: 200 }));
    const client = createApiClient({ fetch, getToken: () => 'abc' });
    const blob = await client.blob('/api/screenshot/file/u/a.png');
    await expect(blob.text()).resolves.toBe('png');
    expect(fetch).toHaveBeenCalledWith('/api/screenshot/file/u/a.png', {
      headers: { authorization: 'Bearer abc' },
      credentials: 'same-origin',
      signal: undefined,
    });
    const missing = createApiClient({ fetch: async () => new Response('', { status: 404 }) });
    await expect(missing.blob('/api/screenshot/file/u/b.png')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('throws the server message of a failure envelope', async () => {
    const client = createApiClient({
      fetch: async () => json(401, { status: false, code: 'unauthorized', message: 'Nope.' }),
    });
    const error = await failure(client.call(TestApi.read));
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
    await expect(client.call(TestApi.read)).rejects.toMatchObject({
      serverMessage: 'Busy.',
    });
  });

  it.each([
    ['a body that is not JSON', async () => new Response('<html>', { status: 502 })],
    ['no answer at all', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a success body of the wrong shape', async () => json(200, { ok: 1 })],
  ])('falls back to the unknown-error text for %s', async (_name, fetch) => {
    const client = createApiClient({ fetch });
    const error = await failure(client.call(TestApi.read));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toBeNull();
    expect(error.message).toBe(CommonText.unknownError);
    expect(errorMessage(error, 'Unable to update username.')).toBe('Unable to update username.');
  });

  it('fills the path params and the query string, URI-encoded', async () => {
    const fetch = vi.fn(async () => json(200, { status: true, message: '' }));
    const client = createApiClient({ fetch });
    await client.call(TestApi.item, { params: { id: 'a/b' }, query: { page: 2 } });
    expect(fetch).toHaveBeenCalledWith('/api/items/a%2Fb?page=2', expect.anything());
  });

  it('sends a form route as a urlencoded form', async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) =>
      json(200, { status: true, message: '' }),
    );
    const client = createApiClient({ fetch });
    await client.call(TestApi.form, { body: { room: 'room-1', message: 'hi & bye' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
    expect((init?.body as URLSearchParams).toString()).toBe('room=room-1&message=hi+%26+bye');
  });
});
