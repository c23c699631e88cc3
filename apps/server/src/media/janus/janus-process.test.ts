import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  janusBinary,
  janusProcessesUsing,
  processExists,
  startTestJanus,
} from '../../../test/janus.ts';
import {
  firstExternalIPv4,
  JanusStartError,
  renderJanusConfig,
  startPrivateJanus,
} from './janus-process.ts';
import type { PrivateJanus } from './janus-process.ts';

describe('renderJanusConfig', () => {
  const files = renderJanusConfig({
    dir: '/data/janus',
    libDir: '/usr/lib/x86_64-linux-gnu/janus',
    port: 41234,
    apiSecret: 'api-"secret',
    adminKey: 'admin-key',
    rtpPortRange: '30000-30100',
    iceEnforce: '192.0.2.2',
    debugLevel: 3,
    libraries: {
      plugins: ['libjanus_echotest.so', 'libjanus_videoroom.so', 'libjanus_streaming.so'],
      transports: ['libjanus_http.so', 'libjanus_websockets.so', 'libjanus_pfunix.so'],
      loggers: ['libjanus_jsonlog.so'],
      events: ['libjanus_sampleevh.so'],
    },
  });
  const janus = files['janus.jcfg'] ?? '';

  it('disables every plugin and transport but VideoRoom and WebSockets', () => {
    expect(janus).toContain('plugins: { disable = "libjanus_echotest.so,libjanus_streaming.so" }');
    expect(janus).toContain('transports: { disable = "libjanus_http.so,libjanus_pfunix.so" }');
    expect(janus).toContain('loggers: { disable = "libjanus_jsonlog.so" }');
    expect(janus).toContain('disable = "libjanus_sampleevh.so"');
  });

  it('binds the WebSocket transport to loopback only, without the Admin API', () => {
    const ws = files['janus.transport.websockets.jcfg'] ?? '';
    expect(ws).toContain('ws_port = 41234');
    expect(ws).toContain('ws_ip = "127.0.0.1"');
    expect(ws).toMatch(/wss = false/);
    expect(ws).toMatch(/admin_ws = false/);
  });

  it('sets the secrets, the media ports and the ICE interface', () => {
    expect(janus).toContain('api_secret = "api-\\"secret"');
    expect(janus).toContain('rtp_port_range = "30000-30100"');
    expect(janus).toContain('ice_enforce_list = "192.0.2.2"');
    expect(janus).toContain('configs_folder = "/data/janus"');
    expect(files['janus.plugin.videoroom.jcfg']).toContain('admin_key = "admin-key"');
  });

  it('leaves ICE to Janus when no interface is given', () => {
    const open = renderJanusConfig({
      dir: '/d',
      libDir: '/l',
      port: 1,
      apiSecret: 'a',
      adminKey: 'b',
      rtpPortRange: '1-2',
      iceEnforce: null,
      debugLevel: 4,
      libraries: { plugins: [], transports: [], loggers: [], events: [] },
    });
    expect(open['janus.jcfg']).not.toContain('ice_enforce_list');
  });
});

describe('renderJanusConfig with TURN', () => {
  it('gives Janus one TURN server with its credential, and none without', () => {
    const input = {
      dir: '/data/janus',
      libDir: '/usr/lib/janus',
      port: 1,
      apiSecret: 'a',
      adminKey: 'b',
      rtpPortRange: '1-2',
      iceEnforce: null,
      debugLevel: 3,
      libraries: { plugins: [], transports: [], loggers: [], events: [] },
    };
    const withTurn = renderJanusConfig({
      ...input,
      turn: { server: 'turn.example.org', port: 3478, type: 'udp', user: '9:janus', pwd: 'p"w' },
    })['janus.jcfg'];
    const nat = /nat: \{[^}]*\}/.exec(withTurn ?? '')?.[0] ?? '';
    for (const line of [
      'turn_server = "turn.example.org"',
      'turn_port = 3478',
      'turn_type = "udp"',
      'turn_user = "9:janus"',
      'turn_pwd = "p\\"w"',
    ]) {
      expect(nat).toContain(line);
    }
    expect(renderJanusConfig(input)['janus.jcfg']).not.toContain('turn_');
  });
});

describe('firstExternalIPv4', () => {
  const lo = { address: '127.0.0.1', family: 'IPv4', internal: true } as const;
  const v6 = { address: 'fe80::1', family: 'IPv6', internal: false } as const;
  const eth = { address: '192.0.2.2', family: 'IPv4', internal: false } as const;
  const base = { netmask: '', mac: '', cidr: null };

  it('skips loopback and IPv6 addresses', () => {
    const interfaces = {
      lo: [{ ...base, ...lo }],
      eth0: [
        { ...base, ...v6, scopeid: 0 },
        { ...base, ...eth },
      ],
    };
    expect(firstExternalIPv4(interfaces)).toBe('192.0.2.2');
  });

  it('is null on a machine with loopback only', () => {
    expect(firstExternalIPv4({ lo: [{ ...base, ...lo }] })).toBeNull();
  });
});

describe.skipIf(!janusBinary)('a private Janus', () => {
  let janus: PrivateJanus & { dir: string };

  beforeAll(async () => {
    janus = await startTestJanus();
  });

  afterAll(async () => {
    await janus?.stop();
  });

  it('loads VideoRoom and WebSockets only, on loopback', async () => {
    expect(janus.running()).toBe(true);
    expect(janus.url).toBe(`ws://127.0.0.1:${janus.port}`);
    const log = janus.logTail().join('\n');
    expect(log).toContain('JANUS VideoRoom plugin initialized!');
    expect(log).toContain(`Websockets server started (port ${janus.port})`);
    expect(log).not.toMatch(/JANUS (EchoTest|Streaming|AudioBridge|SIP)\b.*initialized/i);
    expect(log).not.toMatch(/REST.*started|HTTP webserver started/i);
    // Not reachable from the machine's network address.
    const external = firstExternalIPv4();
    if (external) expect(await tcpConnects(external, janus.port)).toBe(false);
    expect(await tcpConnects('127.0.0.1', janus.port)).toBe(true);
  });

  it('keeps its secrets in files only the server can read', async () => {
    for (const name of ['janus.jcfg', 'janus.plugin.videoroom.jcfg']) {
      const mode = (await stat(path.join(janus.dir, name))).mode & 0o777;
      expect(mode, name).toBe(0o600);
    }
    expect((await stat(janus.dir)).mode & 0o777).toBe(0o700);
  });

  it('stops cleanly and leaves no janus process behind', async () => {
    const other = await startTestJanus();
    expect(await janusProcessesUsing(other.dir)).toEqual([other.pid]);
    await other.stop();
    expect(other.running()).toBe(false);
    expect(processExists(other.pid)).toBe(false);
    expect(await janusProcessesUsing(other.dir)).toEqual([]);
    await other.stop(); // twice is harmless
  });

  it('dies with the server process, even when that is killed outright', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-janus-holder-'));
    const holderScript = path.resolve(import.meta.dirname, '../../../test/janus-holder.ts');
    const holder = spawn(process.execPath, ['--import', 'tsx', holderScript, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const pid = Number(await firstLine(holder.stdout));
      expect(await janusProcessesUsing(dir)).toEqual([pid]);
      holder.kill('SIGKILL');
      const deadline = Date.now() + 5_000;
      while ((await janusProcessesUsing(dir)).length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await janusProcessesUsing(dir)).toEqual([]);
    } finally {
      holder.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails with Janus's last log lines when the port is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dir = `${janus.dir}-blocked`;
    try {
      const error = await startPrivateJanus({ dir, port }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(JanusStartError);
      expect((error as JanusStartError).message).toMatch(/exited while starting/);
      expect((error as JanusStartError).logTail.join('\n')).toMatch(/No Janus API transport/);
      expect(await janusProcessesUsing(dir)).toEqual([]);
    } finally {
      blocker.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Janus on this machine', () => {
  it('is installed where CI runs (.ci/run installs it)', () => {
    if (process.env.CI) expect(janusBinary, 'CI must install janus').toBeTruthy();
  });
});

function firstLine(stream: NodeJS.ReadableStream | null): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    stream?.once('end', () => reject(new Error(`no line, got ${JSON.stringify(text)}`)));
  });
}

function tcpConnects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
