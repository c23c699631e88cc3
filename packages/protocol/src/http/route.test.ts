import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '../api/index.ts';
import { pathParamNames, routeFailures, routePath, routeUrl } from './route.ts';
import type { RouteSpec } from './route.ts';

describe('route paths', () => {
  const route = { path: '/api/user/:userId/file/:name' } as const;

  it('fills each :segment, URI-encoded', () => {
    expect(routePath(route, { userId: 7, name: 'a b/c.png' })).toBe(
      '/api/user/7/file/a%20b%2Fc.png',
    );
  });

  it('refuses a missing segment instead of calling /undefined', () => {
    expect(() => routePath(route, { userId: 7 })).toThrow(/:name/);
    expect(() => routePath(route, { userId: '', name: 'x' })).toThrow(/:userId/);
  });

  it('adds a query string without undefined or null values', () => {
    expect(routeUrl({ path: '/api/posters' }, { query: { world: 'campus', a: undefined } })).toBe(
      '/api/posters?world=campus',
    );
    expect(routeUrl({ path: '/api/posters' }, { query: { a: null } })).toBe('/api/posters');
  });
});

describe('the contract', () => {
  const routes = Object.entries(ApiRoutes).flatMap(([domain, api]) =>
    // One record type for every domain: a union of the domains' own types loses the entries' type.
    Object.entries(api as Record<string, RouteSpec>).map(([name, route]) => ({
      id: `${domain}.${name}`,
      route,
    })),
  );

  it('names every :segment in the params schema, and nothing else', () => {
    for (const { id, route } of routes) {
      const names = pathParamNames(route.path).sort();
      const declared =
        'params' in route && route.params
          ? Object.keys((route.params as unknown as { shape: object }).shape).sort()
          : [];
      expect(declared, id).toEqual(names);
    }
  });

  it('has one route per method and path', () => {
    const keys = routes.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends a body only with a method that has one', () => {
    for (const { id, route } of routes) {
      if ('body' in route && route.body) expect(route.method, id).not.toBe('GET');
    }
  });

  it("declares each route's own failures, so OpenAPI lists only what a route can send", () => {
    for (const { id, route } of routes) {
      expect(route.errors, id).toBeDefined();
      expect(new Set(route.errors).size, id).toBe(route.errors?.length);
    }
  });
});

describe('routeFailures', () => {
  it("adds to a route's own failures only what its shape lets the framework send", () => {
    expect(routeFailures({ method: 'GET', errors: [] })).toEqual([]);
    expect(routeFailures({ method: 'GET', errors: [503, 404] })).toEqual([404, 503]);
    expect(routeFailures({ method: 'GET', params: ApiRoutes.minigame.leaderboard.params })).toEqual(
      [400, 414],
    );
    expect(
      routeFailures({ method: 'GET', query: ApiRoutes.chat.all.query, errors: [401] }),
    ).toEqual([400, 401]);
    expect(routeFailures({ method: 'POST', errors: [401, 400] })).toEqual([400, 401, 413, 415]);
  });

  it('never lets a public read refuse an anonymous caller', () => {
    for (const route of [
      ApiRoutes.minigame.leaderboard,
      ApiRoutes.events.countdown,
      ApiRoutes.wallet.catalogue,
      ApiRoutes.events.specGallery,
    ]) {
      expect(routeFailures(route), route.path).not.toContain(401);
      expect(routeFailures(route), route.path).not.toContain(403);
    }
  });
});
