import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import {
  JANUS_TURN_TTL_S,
  janusTurn,
  parseTurnUrl,
  turnCredential,
  turnIceServers,
} from './turn.ts';

describe('TURN credentials (the TURN REST scheme)', () => {
  it('matches a known vector', () => {
    // Computed apart from this code: printf '1700003600:alice' |
    //   openssl dgst -sha1 -hmac atrium-turn-secret-0123456789 -binary | base64
    const c = turnCredential('atrium-turn-secret-0123456789', 'alice', 3600, 1_700_000_000_123);
    expect(c).toEqual({
      username: '1700003600:alice',
      credential: 'lKat6QmQ4y475gJyO56ZuIAzk6s=',
      expiresAt: 1_700_003_600,
    });
  });

  it('keeps the expiry the only colon-separated part', () => {
    const c = turnCredential('s'.repeat(16), 'a:b', 60, 0);
    expect(c.username).toBe('60:a_b');
    expect(c.credential).toBe(createHmac('sha1', 's'.repeat(16)).update('60:a_b').digest('base64'));
  });

  it('gives the configured URLs with a fresh credential, or nothing without TURN', () => {
    const config = loadConfig({
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
      TURN_SECRET: 'coturn-static-auth-secret',
      TURN_TTL_S: '600',
    });
    expect(turnIceServers(config, 'user-1', 1_000_000)).toEqual([
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        username: '1600:user-1',
        credential: createHmac('sha1', 'coturn-static-auth-secret')
          .update('1600:user-1')
          .digest('base64'),
      },
    ]);
    expect(turnIceServers(loadConfig({}), 'user-1')).toEqual([]);
  });

  it('refuses TURN URLs without a secret, and URLs that are not TURN', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.org' })).toThrow(/TURN_SECRET=/);
    expect(() =>
      loadConfig({ TURN_URLS: 'stun:turn.example.org', TURN_SECRET: 'x'.repeat(16) }),
    ).toThrow(/TURN_URLS=/);
    expect(() =>
      loadConfig({ TURN_URLS: 'turn:a.example.org', TURN_SECRET: 'x'.repeat(16), TURN_TTL_S: '5' }),
    ).toThrow(/TURN_TTL_S=/);
    expect(loadConfig({}).TURN_TTL_S).toBe(3600);
  });

  it('reads TURN URLs for Janus, with default ports', () => {
    expect(parseTurnUrl('turn:turn.example.org')).toEqual({
      server: 'turn.example.org',
      port: 3478,
      type: 'udp',
    });
    expect(parseTurnUrl('turn:10.0.0.2:3479?transport=tcp')).toEqual({
      server: '10.0.0.2',
      port: 3479,
      type: 'tcp',
    });
    expect(parseTurnUrl('turns:[2001:db8::1]')).toEqual({
      server: '2001:db8::1',
      port: 5349,
      type: 'tls',
    });
    expect(parseTurnUrl('stun:turn.example.org')).toBeNull();
  });

  it('gives the private Janus the UDP TURN server with a long-lived credential', () => {
    const secret = 'coturn-static-auth-secret';
    const turn = janusTurn(
      {
        TURN_URLS: ['turns:t.example.org', 'turn:t.example.org:3478?transport=udp'],
        TURN_SECRET: secret,
      },
      0,
    );
    const user = `${JANUS_TURN_TTL_S}:janus`;
    expect(turn).toEqual({
      server: 't.example.org',
      port: 3478,
      type: 'udp',
      user,
      pwd: createHmac('sha1', secret).update(user).digest('base64'),
    });
    expect(janusTurn({ TURN_URLS: [], TURN_SECRET: secret })).toBeNull();
    expect(janusTurn({})).toBeNull();
  });
});
