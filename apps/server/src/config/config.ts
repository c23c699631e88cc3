import path from 'node:path';
import { z } from 'zod';
import { SocialConstants, WorldConstants } from '@atrium/protocol';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const originList = csv.pipe(
  z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)),
);

/**
 * Every environment variable the server reads. The `.env.example` file is generated from this
 * schema (`npm run env:example`), so each entry needs a description.
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe(
      'development enables the debug handles and the dev mail outbox; production is the default.',
    ),
  HOST: z.string().min(1).default('0.0.0.0').describe('Interface the HTTP server listens on.'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .describe('Port for the web app, the API and the socket, all on one port.'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Address visitors use, e.g. https://campus.example.org. Defaults to http://localhost:PORT.',
    ),
  HOME_PAGE_URL: z
    .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?!\/)\S*$/)])
    .optional()
    .describe(
      "The configured home page: where Leave goes from the metaverse (SPEC §2). A path on this site (/...) or an http(s) address; defaults to /. An admin's site.home_page setting wins.",
    ),
  ALLOWED_ORIGINS: originList
    .default([])
    .describe(
      'Comma-separated extra origins allowed to open the socket and call the API (PUBLIC_URL is always allowed).',
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Folder for the embedded database and uploaded files.'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe(
      'PostgreSQL connection string. Without it, the embedded PGlite database under DATA_DIR/db is used.',
    ),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .describe(
      'Redis connection string. When set, socket.io uses the Redis adapter so several server processes share rooms.',
    ),
  REDIS_CHANNEL: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'expected 1 to 64 letters, digits, dots, dashes or underscores')
    .default('socket.io')
    .describe(
      "The prefix of socket.io's channels on Redis (and, when not the default, of the world's keys). Every process of one campus must use the same; the tests give each file its own, so that files running at once on one Redis never hear each other or share a world instance.",
    ),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|[0-9a-fA-F.:/, ]+)$/, 'expected false, true or a list of proxy addresses')
    .default('false')
    .transform((v): boolean | string => (v === 'false' ? false : v === 'true' ? true : v))
    .describe(
      'Trust X-Forwarded-* headers from a reverse proxy: false, true, or comma-separated proxy addresses/CIDRs. Keep false unless a proxy sits in front.',
    ),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'Secret that signs access tokens. Without it, one is generated on first start and kept in the database.',
    ),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe(
      'SMTP server for account mails, e.g. smtps://user:pass@mail.example.org:465. Without it, mails go to a dev outbox (listed at /dev/mail in development).',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Atrium <no-reply@atrium.localhost>')
    .describe('Sender of account mails.'),
  OIDC_PROVIDERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(
      z.array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9-]{1,32}$/),
          name: z.string().min(1).max(60),
          issuer: z.url(),
          clientId: z.string().min(1),
          clientSecret: z.string().min(1),
          scope: z.string().default('openid email profile'),
        }),
      ),
    )
    .describe(
      'OpenID Connect sign-in providers as a JSON array of {id, name, issuer, clientId, clientSecret, scope?}; each shows as a button. Redirect URI: PUBLIC_URL/api/auth/oidc/{id}/callback.',
    ),
  WORLD_INSTANCE_CAPACITY: z.coerce
    .number()
    .int()
    .min(1)
    .max(2000)
    .default(WorldConstants.instanceCapacity)
    .describe(
      'People per world instance; newcomers beyond it go to a new instance of the same world (200 by default; the measured figures are in docs/benchmarks.md).',
    ),
  CALL_RING_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(SocialConstants.callRingMs / 1000)
    .describe(
      'A call rings this many seconds; then the callee has a missed call and the caller is told.',
    ),
  STREAM_SLOTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(100)
    .describe(
      'Stream slots (player ids) this server hands out at once; each open world session holds one.',
    ),
  STREAM_SLOT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(120)
    .describe('A stream slot that is not renewed within this many seconds is free again.'),
  RENDER_NODE_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Issue 31: the secret render nodes present to register (Authorization: Bearer). Unset: no render node can register, and every visitor draws the world in the page.',
    ),
  RENDER_NODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .max(300)
    .default(15)
    .describe(
      'A render node that has not reported for this many seconds is gone: its streamed visitors fall back to drawing the world in the page.',
    ),
  REGION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('local')
    .describe(
      'The region this server reports to the Player SDK (getServerMetadata), e.g. EUW, USW, USE or AUE.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Bearer token for Prometheus metrics at /metrics (Authorization: Bearer <token>). Without it, /metrics answers 404.',
    ),
  CLASS_GROUP_WARNING_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      'Seconds between "Close groups" (or the end of a group countdown) and everyone being back in the main room: the warning everyone sees (issue 28).',
    ),
  CLASS_GROUP_STRAY_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(20)
    .describe(
      'Seconds a student may stay outside the group they were given while groups are open (their page moves them in about a second); past it the server takes them out of that room and tells their page to go to their group (issue 28).',
    ),
  CLASS_LAST_N: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(9)
    .describe(
      "How many cameras each person in a class receives at most (issue 28 §6, last-N): the teachers', the speaker's and the visible tiles'. The others' video is not forwarded by Janus; everyone's audio is.",
    ),
  CLASSROOM_MEDIA: z
    .enum(['auto', 'mesh'])
    .default('auto')
    .describe(
      'auto: classrooms use Janus (JANUS_URL, or a private one when the janus binary is installed), else the mesh; mesh: never Janus, browsers connect to each other (at most 4 people per room).',
    ),
  JANUS_URL: z
    .url({ protocol: /^wss?$/ })
    .optional()
    .describe(
      'WebSocket URL of the Janus API (the classroom SFU), e.g. ws://janus:8188. Without it, a private Janus is started on 127.0.0.1 when the janus binary is installed; without either, classrooms use a peer-to-peer mesh of up to 4 people.',
    ),
  JANUS_URLS: csv
    .pipe(z.array(z.url({ protocol: /^wss?$/ })))
    .default([])
    .describe(
      'Several Janus servers for the classroom, comma-separated WebSocket URLs, e.g. ws://janus-1:8188,ws://janus-2:8188: each class or group is placed on the one with the fewest busy rooms, and moves to another when its Janus dies (people rejoin by themselves). Merged with JANUS_URL when both are set (JANUS_URL first). Every one takes the same JANUS_API_SECRET and JANUS_ADMIN_KEY.',
    ),
  JANUS_API_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe('The api_secret of the Janus at JANUS_URL (janus.jcfg), if it has one.'),
  JANUS_ADMIN_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The admin_key of the VideoRoom plugin at JANUS_URL (janus.plugin.videoroom.jcfg), if it has one; the server needs it to create rooms.',
    ),
  TURN_URLS: csv
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^turns?:[A-Za-z0-9.[\]:-]+(\?transport=(udp|tcp))?$/,
            'expected turn:host[:port] or turns:host[:port], optionally ?transport=udp|tcp',
          ),
      ),
    )
    .default([])
    .describe(
      'Comma-separated TURN URLs (coturn) for the classroom, e.g. turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349. Needs TURN_SECRET; each person gets short-lived credentials (the TURN REST scheme).',
    ),
  TURN_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      "coturn's static-auth-secret (turnserver --use-auth-secret), from which the server makes the TURN credentials.",
    ),
  TURN_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600)
    .describe('How long a TURN credential handed to a browser is valid, in seconds.'),
  WALLET: z
    .enum(['local', 'remote', 'off'])
    .default('local')
    .describe(
      'The digital wallet: local starts a private chain under DATA_DIR/chain with the contract deployed and a funded demo wallet; remote uses CHAIN_RPC_URL, CHAIN_ID and CHAIN_CONTRACT_ADDRESS (e.g. Polygon Amoy); off turns the wallet off.',
    ),
  CHAIN_RPC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'WALLET=remote: the JSON-RPC URL of the chain, e.g. https://rpc-amoy.polygon.technology.',
    ),
  CHAIN_ID: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('WALLET=remote: the chain id wallets must be on, e.g. 80002 for Polygon Amoy.'),
  CHAIN_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
    .optional()
    .describe('WALLET=remote: the address of the deployed AtriumItems contract.'),
  CHAIN_EXPLORER_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "Block explorer for transaction links, e.g. https://amoy.polygonscan.com. Defaults to the chain table's explorer.",
    ),
  CHAIN_MARKETPLACE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe("The marketplace page of the items' collection (SPEC §9), if there is one."),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
  SEED_DEMO: bool
    .default(true)
    .describe(
      'On the first start with an empty database, create the demo campus and its three accounts.',
    ),
  WEB_DIST: z
    .string()
    .optional()
    .describe('Folder of the built web app. Defaults to apps/web/dist of this checkout.'),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** PUBLIC_URL, or http://localhost:PORT. */
  publicUrl: string;
  /** Origins allowed for the socket and CORS: PUBLIC_URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
};

/**
 * Every external Janus the classroom uses: JANUS_URL (a list of one) then JANUS_URLS, each once.
 * Empty when neither is set (a private Janus, or the mesh).
 */
export const janusUrlsOf = (c: Partial<Pick<Config, 'JANUS_URL' | 'JANUS_URLS'>>): string[] => [
  ...new Set([...(c.JANUS_URL ? [c.JANUS_URL] : []), ...(c.JANUS_URLS ?? [])]),
];

/** A configuration that failed validation; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration from an environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(configSchema.shape);
  const input = Object.fromEntries(
    known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]),
  );
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'config');
      return `${name}=${JSON.stringify(input[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const c = parsed.data;
  if (c.TURN_URLS.length > 0 && !c.TURN_SECRET) {
    throw new ConfigError([
      `TURN_SECRET="": must be set when TURN_URLS is (coturn's static-auth-secret)`,
    ]);
  }
  if (c.WALLET === 'remote') {
    const missing = (['CHAIN_RPC_URL', 'CHAIN_ID', 'CHAIN_CONTRACT_ADDRESS'] as const).filter(
      (name) => c[name] === undefined,
    );
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}="": must be set when WALLET=remote`));
    }
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  // Without PUBLIC_URL the campus is opened on this machine under any loopback name; the socket
  // trusts Origin only (never Host), so each name must be listed. Loopback addresses cannot be
  // rebound by another site's DNS.
  const loopback = c.PUBLIC_URL ? [] : [`http://127.0.0.1:${c.PORT}`, `http://[::1]:${c.PORT}`];
  const allowedOrigins = [
    ...new Set([new URL(publicUrl).origin, ...loopback, ...c.ALLOWED_ORIGINS]),
  ];
  return { ...c, dataDir: path.resolve(c.DATA_DIR), publicUrl, allowedOrigins };
}
