// A private Janus (the classroom's SFU) for tests and `npm start` when no JANUS_URL is set. It
// writes its own config folder, so the machine's /etc/janus is never read: only the VideoRoom
// plugin and the WebSocket transport load, and the transport listens on loopback only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, realpathSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The plugin and transport a private Janus keeps; every other shared library is disabled. */
const VIDEOROOM_PLUGIN = 'libjanus_videoroom.so';
const WEBSOCKET_TRANSPORT = 'libjanus_websockets.so';
const LOG_TAIL_LINES = 60;

export interface PrivateJanusOptions {
  /** Folder for the generated config (the product uses DATA_DIR/janus); created when missing. */
  dir: string;
  /** The `janus` executable; defaults to the one on PATH. */
  binary?: string;
  /** WebSocket port on 127.0.0.1; defaults to a free one. */
  port?: number;
  /** Janus API secret; defaults to a random one. */
  apiSecret?: string;
  /** VideoRoom admin key (needed to create rooms); defaults to a random one. */
  adminKey?: string;
  /** UDP ports for media, `min-max`. */
  rtpPortRange?: string;
  /**
   * Interface or address for ICE host candidates. Janus offers no loopback candidate, so the
   * default is the machine's first non-loopback IPv4 address; `null` lets Janus use them all.
   */
  iceEnforce?: string | null;
  /** A TURN server through which Janus gathers relay candidates of its own (see JanusTurn). */
  turn?: JanusTurn;
  /** How long to wait for the WebSocket transport to answer. */
  startTimeoutMs?: number;
  /** How long SIGTERM may take before SIGKILL. */
  stopTimeoutMs?: number;
  /** Janus's own log level, 0–7. */
  debugLevel?: number;
}

/** A running private Janus. */
export interface PrivateJanus {
  /** WebSocket URL of the Janus API, e.g. ws://127.0.0.1:41234. */
  readonly url: string;
  readonly port: number;
  readonly apiSecret: string;
  readonly adminKey: string;
  readonly pid: number;
  readonly configDir: string;
  /** False once the process has exited, whether stopped or crashed. */
  running(): boolean;
  /** The last lines Janus printed. */
  logTail(): string[];
  /** SIGTERM, then SIGKILL after `stopTimeoutMs`; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** Janus could not be started; the message carries Janus's last log lines. */
export class JanusStartError extends Error {
  constructor(
    message: string,
    readonly logTail: string[],
    options?: { cause?: unknown },
  ) {
    super(
      logTail.length > 0
        ? `${message}\nLast lines of Janus's log:\n${logTail.map((l) => `  ${l}`).join('\n')}`
        : message,
      options,
    );
    this.name = 'JanusStartError';
  }
}

/** The `janus` executable on PATH, or null when Janus is not installed. */
export function findJanusBinary(pathEnv: string | undefined = process.env.PATH): string | null {
  return findExecutable('janus', pathEnv);
}

function findExecutable(name: string, pathEnv: string | undefined = process.env.PATH) {
  const dirs = [...(pathEnv ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The first non-internal IPv4 address of this machine, or null when there is none. */
export function firstExternalIPv4(
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string | null {
  for (const addresses of Object.values(interfaces)) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return null;
}

/** Janus's library folders, found next to the executable (`bin/` → `lib/<triplet>/janus`). */
export function findJanusLibDir(binary: string): string | null {
  const prefix = path.dirname(path.dirname(realpathSync(binary)));
  const lib = path.join(prefix, 'lib');
  const candidates = [path.join(lib, 'janus')];
  try {
    for (const entry of readdirSync(lib, { withFileTypes: true })) {
      if (entry.isDirectory()) candidates.push(path.join(lib, entry.name, 'janus'));
    }
  } catch {
    return null;
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'plugins', VIDEOROOM_PLUGIN))) ?? null;
}

/**
 * janus.jcfg's `nat.turn_*`: one TURN server with a fixed credential, which Janus uses for every
 * PeerConnection. (Janus's `turn_rest_api` would fetch fresh ones over HTTP, from an endpoint of
 * the draft's older shape; a long-lived TURN REST credential is simpler and as safe, since the
 * file is readable by the server only.)
 */
export interface JanusTurn {
  server: string;
  port: number;
  type: 'udp' | 'tcp' | 'tls';
  user: string;
  pwd: string;
}

export interface JanusConfigInput {
  dir: string;
  libDir: string;
  port: number;
  apiSecret: string;
  adminKey: string;
  rtpPortRange: string;
  iceEnforce: string | null;
  turn?: JanusTurn;
  debugLevel: number;
  /** Shared-library file names per folder (plugins, transports, loggers, events). */
  libraries: Record<'plugins' | 'transports' | 'loggers' | 'events', string[]>;
}

/** The config files of a private Janus, by file name. Pure, so it can be checked in a test. */
export function renderJanusConfig(c: JanusConfigInput): Record<string, string> {
  const keep = new Set([VIDEOROOM_PLUGIN, WEBSOCKET_TRANSPORT]);
  const disabled = (kind: keyof JanusConfigInput['libraries']) =>
    str(c.libraries[kind].filter((name) => !keep.has(name)).join(','));
  const folder = (kind: string) => str(path.join(c.libDir, kind));
  const janus = [
    'general: {',
    `  configs_folder = ${str(c.dir)}`,
    `  plugins_folder = ${folder('plugins')}`,
    `  transports_folder = ${folder('transports')}`,
    `  events_folder = ${folder('events')}`,
    `  loggers_folder = ${folder('loggers')}`,
    `  debug_level = ${c.debugLevel}`,
    '  debug_timestamps = true',
    '  debug_colors = false',
    `  api_secret = ${str(c.apiSecret)}`,
    // The Admin API has no transport here; a secret all the same, so none is open by default.
    `  admin_secret = ${str(randomSecret())}`,
    '  server_name = "atrium-private-janus"',
    '  session_timeout = 60',
    '  hide_dependencies = true',
    '}',
    'media: {',
    '  ipv6 = false',
    `  rtp_port_range = ${str(c.rtpPortRange)}`,
    '}',
    'nat: {',
    '  nice_debug = false',
    ...(c.iceEnforce ? [`  ice_enforce_list = ${str(c.iceEnforce)}`] : []),
    ...(c.turn
      ? [
          `  turn_server = ${str(c.turn.server)}`,
          `  turn_port = ${c.turn.port}`,
          `  turn_type = ${str(c.turn.type)}`,
          `  turn_user = ${str(c.turn.user)}`,
          `  turn_pwd = ${str(c.turn.pwd)}`,
        ]
      : []),
    '}',
    `plugins: { disable = ${disabled('plugins')} }`,
    `transports: { disable = ${disabled('transports')} }`,
    `loggers: { disable = ${disabled('loggers')} }`,
    `events: { broadcast = false disable = ${disabled('events')} }`,
    '',
  ];
  const websockets = [
    'general: {',
    '  json = "compact"',
    '  ws = true',
    `  ws_port = ${c.port}`,
    '  ws_ip = "127.0.0.1"',
    '  wss = false',
    '}',
    'admin: {',
    '  admin_ws = false',
    '  admin_wss = false',
    '}',
    '',
  ];
  const videoroom = [
    'general: {',
    `  admin_key = ${str(c.adminKey)}`,
    '  lock_rtp_forward = true',
    '  string_ids = false',
    '}',
    '',
  ];
  return {
    'janus.jcfg': janus.join('\n'),
    'janus.transport.websockets.jcfg': websockets.join('\n'),
    'janus.plugin.videoroom.jcfg': videoroom.join('\n'),
  };
}

/**
 * Writes a fresh config under `options.dir`, starts Janus and waits until its WebSocket transport
 * answers. Throws {@link JanusStartError} with Janus's last log lines when it does not.
 */
export async function startPrivateJanus(options: PrivateJanusOptions): Promise<PrivateJanus> {
  const binary = options.binary ?? findJanusBinary();
  if (!binary) throw new JanusStartError('Janus is not installed (no `janus` on PATH)', []);
  const libDir = findJanusLibDir(binary);
  if (!libDir) {
    throw new JanusStartError(
      `Janus's VideoRoom plugin (${VIDEOROOM_PLUGIN}) was not found next to ${binary}`,
      [],
    );
  }
  // A port picked here may be taken before Janus binds it; try again with another.
  const attempts = options.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freeLoopbackPort());
    try {
      return await startOnce(binary, libDir, port, options);
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
  }
}

async function startOnce(
  binary: string,
  libDir: string,
  port: number,
  options: PrivateJanusOptions,
): Promise<PrivateJanus> {
  const dir = path.resolve(options.dir);
  const apiSecret = options.apiSecret ?? randomSecret();
  const adminKey = options.adminKey ?? randomSecret();
  const files = renderJanusConfig({
    dir,
    libDir,
    port,
    apiSecret,
    adminKey,
    rtpPortRange: options.rtpPortRange ?? '20000-40000',
    iceEnforce: options.iceEnforce === undefined ? firstExternalIPv4() : options.iceEnforce,
    ...(options.turn ? { turn: options.turn } : {}),
    debugLevel: options.debugLevel ?? 4,
    libraries: {
      plugins: sharedLibraries(path.join(libDir, 'plugins')),
      transports: sharedLibraries(path.join(libDir, 'transports')),
      loggers: sharedLibraries(path.join(libDir, 'loggers')),
      events: sharedLibraries(path.join(libDir, 'events')),
    },
  });
  // The files hold the API secret and the admin key.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text, { mode: 0o600 });
  }

  // setpriv (util-linux) makes the kernel kill Janus when this process dies, even by SIGKILL,
  // where no exit handler runs. It execs Janus, so the pid is Janus's.
  const args = ['-F', dir, '-C', path.join(dir, 'janus.jcfg')];
  const setpriv = findExecutable('setpriv');
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'KILL', binary, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      // Each disabled plugin says so; those lines would crowd out the ones that explain a failure.
      if (line.trim() === '' || line.includes('has been disabled, skipping')) continue;
      tail.push(line.trimEnd());
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  // How the process ended (set by the listeners below), null while it runs.
  const ended: { how: string | null } = { how: null };
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      ended.how = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
    child.once('error', (err) => {
      ended.how = err.message;
      resolve();
    });
  });
  // Never leave a Janus behind when this process exits without stopping it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (ended.how !== null || child.pid === undefined) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      delay(options.stopTimeoutMs ?? 5_000).then(() => false),
    ]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 10_000);
  for (;;) {
    if (ended.how !== null) {
      process.removeListener('exit', killOnExit);
      throw new JanusStartError(`Janus exited while starting (${ended.how})`, [...tail]);
    }
    if (await websocketAnswers(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new JanusStartError(
        `Janus's WebSocket transport did not answer on 127.0.0.1:${port} within ${options.startTimeoutMs ?? 10_000} ms`,
        [...tail],
      );
    }
    await delay(100);
  }

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    apiSecret,
    adminKey,
    pid: child.pid ?? 0,
    configDir: dir,
    running: () => ended.how === null,
    logTail: () => [...tail],
    stop,
  } satisfies PrivateJanus;
}

function sharedLibraries(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.so'))
      .sort();
  } catch {
    return [];
  }
}

/** A libconfig string literal. */
function str(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function randomSecret(): string {
  return randomBytes(24).toString('base64url');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** True when a Janus API WebSocket handshake on 127.0.0.1:port is accepted. */
function websocketAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: '/',
      timeout: 1_000,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Protocol': 'janus-protocol',
      },
    });
    request.once('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.headers['sec-websocket-protocol'] === 'janus-protocol');
    });
    request.once('response', (response) => {
      response.resume();
      resolve(false);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(false));
  });
}
