// Component tests only: the real session store and query client over a fake server at the network
// edge (`fetch`), so a test sees the requests a component sends and the answers it shows.
import type { CurrentUser, Role } from '@atrium/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from './SessionContext.tsx';
import { createSessionStore, type SessionStore } from './sessionStore.ts';

/** One request the page sent: its method, path, query and JSON body (or multipart form). */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** A multipart body (a file upload), as the page built it. */
  form?: FormData;
  authorization: string | null;
}

/** An answer: a JSON body with status 200, or a whole `Response` (a failure, a CSV). */
export type FakeHandler = (request: FakeRequest) => unknown;

/** A server that answers `METHOD /path` (no query) from `routes`, and 404 anything else. */
export function fakeServer(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input, 'http://campus.test');
    const headers = new Headers(init.headers);
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      ...(init.body instanceof FormData && { form: init.body }),
      authorization: headers.get('authorization'),
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return Response.json({ status: false, message: 'Not found.' }, { status: 404 });
    const answer = await handler(request);
    return answer instanceof Response ? answer : Response.json(answer);
  };
  return { fetch, requests };
}

/** A failure answer in the spec's envelope. */
export const failure = (status: number, message: string) =>
  Response.json({ status: false, message }, { status });

/** The current user the server would send for someone of `role` (or a guest). */
export function testUser(role: Role | 'guest', username = `${role}-ann`): CurrentUser {
  return {
    _id: '00000000-0000-4000-8000-0000000000aa',
    username,
    email: `${username}@school.test`,
    status: 1,
    role,
    role_label: role,
    logged: true,
    is_guest: role === 'guest',
    data: {},
  };
}

export interface RenderSessionOptions {
  /** Who is signed in; `null`: nobody; `'restoring'`: the session is still being restored. */
  user?: CurrentUser | null | 'restoring';
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Where the router starts. */
  path?: string;
}

/**
 * Renders `ui` inside a session store (signed in as `user`, its refresh timers stopped), a fresh
 * query client and a memory router.
 */
export function renderWithSession(ui: ReactNode, options: RenderSessionOptions = {}) {
  const { user = testUser('admin'), fetch = fakeServer({}).fetch, path = '/' } = options;
  const store: SessionStore = createSessionStore({
    fetch,
    storage: null,
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined,
  });
  if (user === null) void store.start();
  else if (user !== 'restoring') {
    store.signIn({ status: true, message: '', token: 'test-token', data: user });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <SessionProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, store, queryClient };
}
