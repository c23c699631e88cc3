import { describe, expect, it } from 'vitest';
import { AppRoute, isAppRoute } from './routes.ts';
import { CustomSettingQuerySchema } from './settings.ts';
import { clientEvents, SocketAuthSchema } from './socket.ts';
import { roleLabels, RoleSchema } from './roles.ts';

describe('routes', () => {
  it('recognises exactly the spec page routes', () => {
    expect(Object.values(AppRoute)).toEqual([
      '/',
      '/metaverse/index.html',
      '/metaverse/mobile.html',
      '/metaverse/forgot.html',
      '/mini-game/index.html',
      '/event/index.html',
      '/event/voting.html',
      '/event/record-breaking.html',
      '/event/gallery.html',
      '/event/featuring.html',
    ]);
    expect(isAppRoute('/metaverse/index.html')).toBe(true);
    expect(isAppRoute('/metaverse/index.htm')).toBe(false);
    expect(isAppRoute('/metaverse/')).toBe(false);
  });
});

describe('roles', () => {
  it('has a label for every role', () => {
    for (const role of RoleSchema.options) expect(roleLabels[role]).toMatch(/^[A-Z]/);
    expect(RoleSchema.safeParse('superuser').success).toBe(false);
  });
});

describe('settings', () => {
  it.each(['stream.default', 'campus.name', 'a-b_c.1'])('accepts the key %s', (key) => {
    expect(CustomSettingQuerySchema.safeParse({ key }).success).toBe(true);
  });
  it.each(['', 'Stream', '../etc', 'a b', 'x'.repeat(101)])('refuses the key %j', (key) => {
    expect(CustomSettingQuerySchema.safeParse({ key }).success).toBe(false);
  });
  it('refuses unknown query fields', () => {
    expect(CustomSettingQuerySchema.safeParse({ key: 'a', extra: '1' }).success).toBe(false);
  });
});

describe('socket contract', () => {
  it('validates the ping payload strictly', () => {
    const ping = clientEvents['system:ping'].payload;
    expect(ping.safeParse({ sentAt: 1 }).success).toBe(true);
    expect(ping.safeParse({ sentAt: Infinity }).success).toBe(false);
    expect(ping.safeParse({ sentAt: 1, x: 1 }).success).toBe(false);
    expect(ping.safeParse('1').success).toBe(false);
  });
  it('requires an integer protocol version in the handshake', () => {
    expect(SocketAuthSchema.safeParse({ protocol: 1 }).success).toBe(true);
    expect(SocketAuthSchema.safeParse({ protocol: '1' }).success).toBe(false);
    expect(SocketAuthSchema.safeParse({}).success).toBe(false);
  });
});
