// Test support for TURN: a private coturn (`turnserver`, Debian `coturn`) on loopback with the
// TURN REST scheme, and a client in Node (libwebrtc from @roamhq/wrtc) that gathers relay
// candidates only, which needs a successful TURN Allocate with the credentials it was given.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { IceServer } from '@atrium/protocol';

/** The `turnserver` executable, or null where coturn is not installed (CI installs it). */
export function findTurnserver(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  for (const dir of dirs) {
    try {
      accessSync(path.join(dir, 'turnserver'), constants.X_OK);
      return path.join(dir, 'turnserver');
    } catch {
      // not here
    }
  }
  return null;
}

export interface TestTurn {
  /** `turn:127.0.0.1:PORT?transport=udp` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts coturn on 127.0.0.1 with `--use-auth-secret`; resolves once it answers STUN. */
export async function startTestTurn(secret: string, ip = '127.0.0.1'): Promise<TestTurn> {
  const binary = findTurnserver();
  if (!binary) {
    throw new Error(
      'coturn is not installed: `apt-get install -y coturn` (Debian) provides `turnserver`',
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-turn-'));
  const port = await freeUdpPort(ip);
  // A relay port range of its own per run, so parallel test files do not collide.
  const minPort = 40000 + Math.floor(Math.random() * 200) * 100;
  const child: ChildProcess = spawn(
    binary,
    [
      `--listening-ip=${ip}`,
      `--relay-ip=${ip}`,
      `--listening-port=${port}`,
      `--min-port=${minPort}`,
      `--max-port=${minPort + 99}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=atrium.test',
      '--no-tls',
      '--no-dtls',
      '--no-tcp',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
      `--pidfile=${path.join(dir, 'turnserver.pid')}`,
      `--db=${path.join(dir, 'turndb')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await answersStun(ip, port, 10_000);
  } catch (err) {
    await stop();
    throw new Error(`coturn did not answer on port ${port}: ${String(err)}\n${output.join('')}`);
  }
  return { url: `turn:${ip}:${port}?transport=udp`, port, stop };
}

/** Sends STUN Binding requests to 127.0.0.1:`port` until one is answered. */
function answersStun(ip: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    // RFC 5389: Binding request, no attributes, the magic cookie, a random transaction id.
    const request = Buffer.concat([
      Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]),
      randomBytes(12),
    ]);
    const done = (err?: Error) => {
      clearInterval(timer);
      clearTimeout(deadline);
      socket.close();
      if (err) reject(err);
      else resolve();
    };
    socket.on('message', (message) => {
      // A Binding success response.
      if (message.readUInt16BE(0) === 0x0101) done();
    });
    const send = () => socket.send(request, port, ip);
    const timer = setInterval(send, 100);
    const deadline = setTimeout(() => done(new Error('no STUN answer')), timeoutMs);
    send();
  });
}

function freeUdpPort(ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, ip, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

interface RelayPeerConnection {
  createDataChannel(label: string): unknown;
  createOffer(): Promise<{ type: 'offer'; sdp: string }>;
  setLocalDescription(description: { type: 'offer'; sdp: string }): Promise<void>;
  onicecandidate: ((event: { candidate: { candidate: string } | null }) => void) | null;
  close(): void;
}

const require = createRequire(import.meta.url);
const wrtc = require('@roamhq/wrtc') as {
  RTCPeerConnection: new (config: {
    iceServers: IceServer[];
    iceTransportPolicy: 'relay' | 'all';
  }) => RelayPeerConnection;
};

/**
 * The candidates a browser would gather with these ICE servers and `iceTransportPolicy: 'relay'`:
 * a `typ relay` one exists only if the TURN server allocated a relay with the credential.
 */
export async function gatherRelayCandidates(
  iceServers: IceServer[],
  timeoutMs = 10_000,
): Promise<string[]> {
  const pc = new wrtc.RTCPeerConnection({ iceServers, iceTransportPolicy: 'relay' });
  const candidates: string[] = [];
  try {
    const gathered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      pc.onicecandidate = ({ candidate }) => {
        if (candidate) candidates.push(candidate.candidate);
        else {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    pc.createDataChannel('probe');
    await pc.setLocalDescription(await pc.createOffer());
    await gathered;
    return candidates;
  } finally {
    pc.close();
  }
}
