// TURN credentials in the TURN REST scheme (draft-uberti-behave-turn-rest, what coturn's
// `--use-auth-secret` checks): the username is `<expiry unix seconds>:<user id>` and the password
// is base64(HMAC-SHA1(static-auth-secret, username)). coturn needs no call to us: it recomputes
// the password from the shared secret and refuses an expired username.
import { createHmac } from 'node:crypto';
import type { IceServer } from '@atrium/protocol';
import type { Config } from '../config/config.ts';
import type { JanusTurn } from './janus/janus-process.ts';

export interface TurnCredential {
  username: string;
  credential: string;
  /** Unix seconds after which coturn refuses it. */
  expiresAt: number;
}

/** A credential for `userId`, valid `ttlSeconds` from `nowMs`. */
export function turnCredential(
  secret: string,
  userId: string,
  ttlSeconds: number,
  nowMs: number = Date.now(),
): TurnCredential {
  const expiresAt = Math.floor(nowMs / 1000) + ttlSeconds;
  // A colon in the id would make the expiry ambiguous to coturn, which reads up to the first one.
  const username = `${expiresAt}:${userId.replaceAll(':', '_')}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt };
}

/**
 * The ICE servers of one person's classroom connections: the configured TURN URLs with a fresh
 * credential, or none when TURN is not configured (browsers then use host and STUN-less
 * candidates, enough on one network).
 */
export function turnIceServers(
  config: Pick<Config, 'TURN_URLS' | 'TURN_SECRET' | 'TURN_TTL_S'>,
  userId: string,
  nowMs: number = Date.now(),
): IceServer[] {
  if (config.TURN_URLS.length === 0 || !config.TURN_SECRET) return [];
  const { username, credential } = turnCredential(
    config.TURN_SECRET,
    userId,
    config.TURN_TTL_S,
    nowMs,
  );
  return [{ urls: config.TURN_URLS, username, credential }];
}

/**
 * How long the private Janus's own TURN credential is valid. Janus reads it once, at start, and
 * uses it for every PeerConnection as long as it runs, which is as long as this server runs.
 */
export const JANUS_TURN_TTL_S = 365 * 24 * 3600;

/**
 * The TURN server for the private Janus's own relay candidates: the first `turn:` URL (UDP
 * preferred), else the first `turns:` one, with a long-lived credential for the user `janus`.
 */
export function janusTurn(
  config: Partial<Pick<Config, 'TURN_URLS' | 'TURN_SECRET'>>,
  nowMs: number = Date.now(),
): JanusTurn | null {
  if (!config.TURN_SECRET) return null;
  const parsed = (config.TURN_URLS ?? []).map(parseTurnUrl).filter((t) => t !== null);
  const pick =
    parsed.find((t) => t.type === 'udp') ??
    parsed.find((t) => t.type === 'tcp') ??
    parsed[0] ??
    null;
  if (!pick) return null;
  const { username, credential } = turnCredential(
    config.TURN_SECRET,
    'janus',
    JANUS_TURN_TTL_S,
    nowMs,
  );
  return { ...pick, user: username, pwd: credential };
}

/** `turn:host[:port][?transport=udp|tcp]` or `turns:host[:port]`; null when it is not one. */
export function parseTurnUrl(url: string): Pick<JanusTurn, 'server' | 'port' | 'type'> | null {
  const match = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/.exec(url);
  if (!match) return null;
  const [, scheme, host = '', port, transport] = match;
  const secure = scheme === 'turns';
  return {
    server: host.replace(/^\[|\]$/g, ''),
    port: port ? Number(port) : secure ? 5349 : 3478,
    type: secure ? 'tls' : transport === 'tcp' ? 'tcp' : 'udp',
  };
}
