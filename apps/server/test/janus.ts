// Test support for the media server: a private Janus per test file, a check for stray Janus
// processes, and a browser stand-in in Node (libwebrtc from @roamhq/wrtc) that gets a real
// WebRTC connection up with Janus, without media tracks.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Jsep, TrickleCandidate } from '../src/media/janus/janus-peer.ts';
import type { PrivateJanus, PrivateJanusOptions } from '../src/media/janus/janus-process.ts';
import { findJanusBinary, startPrivateJanus } from '../src/media/janus/janus-process.ts';
import { JanusClient } from '../src/media/janus/janus-client.ts';
import type { MediaServer } from '../src/media/janus/index.ts';

/** The `janus` executable, or null where it is not installed (CI installs it). */
export const janusBinary = findJanusBinary();

/** A private Janus in a fresh temporary folder; `stop` also removes the folder. */
export async function startTestJanus(
  options: Omit<PrivateJanusOptions, 'dir'> = {},
): Promise<PrivateJanus & { dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-janus-'));
  const janus = await startPrivateJanus({ dir, debugLevel: 4, ...options });
  return {
    ...janus,
    dir,
    stop: async () => {
      await janus.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Pids of running `janus` processes started with the config folder `dir`. */
export async function janusProcessesUsing(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string[];
    try {
      cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (path.basename(cmdline[0] ?? '') === 'janus' && cmdline.includes(dir)) {
      // A zombie is already dead; only a live process counts.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      if (!/\) Z /.test(stat)) pids.push(Number(entry));
    }
  }
  return pids;
}

/** True while a process with this pid exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface WrtcCandidate {
  candidate: string;
  sdpMid: string | null;
  sdpMLineIndex: number | null;
}

interface WrtcPeerConnection {
  addTransceiver(kind: 'audio' | 'video', init: { direction: 'sendonly' | 'recvonly' }): unknown;
  createOffer(): Promise<Jsep>;
  createAnswer(): Promise<Jsep>;
  setLocalDescription(description: Jsep): Promise<void>;
  setRemoteDescription(description: Jsep): Promise<void>;
  readonly localDescription: Jsep | null;
  readonly iceGatheringState: string;
  readonly connectionState: string;
  onicecandidate: ((event: { candidate: WrtcCandidate | null }) => void) | null;
  onicegatheringstatechange: (() => void) | null;
  onconnectionstatechange: (() => void) | null;
  close(): void;
}

const require = createRequire(import.meta.url);
const wrtc = require('@roamhq/wrtc') as { RTCPeerConnection: new () => WrtcPeerConnection };

/**
 * A browser's peer connection, in Node. It negotiates audio and video transceivers but attaches
 * no track: no packets flow (real media is the Chromium e2e's job), and @roamhq/wrtc 0.10
 * crashes at process exit once an audio source has been used.
 */
export class NodePeer {
  readonly #pc = new wrtc.RTCPeerConnection();
  readonly #candidates: TrickleCandidate[] = [];
  readonly #gathered: Promise<void>;

  constructor() {
    this.#gathered = new Promise((resolve) => {
      this.#pc.onicecandidate = ({ candidate }) => {
        if (candidate) {
          const { candidate: line, sdpMid, sdpMLineIndex } = candidate;
          this.#candidates.push({ candidate: line, sdpMid, sdpMLineIndex });
        } else {
          this.#candidates.push({ completed: true });
          resolve();
        }
      };
    });
  }

  /** An offer to publish audio and video; with `trickle`, without its candidates. */
  /** `screen`: a third m-line, the screen share's, as the browser publishes (PUBLISH_LINES). */
  async publishOffer({ trickle = false, screen = false } = {}): Promise<Jsep> {
    this.#pc.addTransceiver('audio', { direction: 'sendonly' });
    this.#pc.addTransceiver('video', { direction: 'sendonly' });
    if (screen) this.#pc.addTransceiver('video', { direction: 'sendonly' });
    const offer = await this.#pc.createOffer();
    await this.#pc.setLocalDescription(offer);
    // The offer as created has no candidates yet; the local description gains them as found.
    if (trickle) return { type: offer.type, sdp: offer.sdp };
    await this.#gathered;
    return this.description();
  }

  /** Janus's answer to our offer. */
  async accept(answer: Jsep): Promise<void> {
    await this.#pc.setRemoteDescription(answer);
  }

  /** Answers Janus's offer (a subscription), with our candidates in the SDP. */
  async answer(offer: Jsep): Promise<Jsep> {
    await this.#pc.setRemoteDescription(offer);
    await this.#pc.setLocalDescription(await this.#pc.createAnswer());
    await this.#gathered;
    return this.description();
  }

  /** Every candidate gathered, ending with `{completed: true}`. */
  async candidates(): Promise<TrickleCandidate[]> {
    await this.#gathered;
    return [...this.#candidates];
  }

  /** Resolves once ICE and DTLS are up. */
  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const state = this.#pc.connectionState;
        if (state === 'connected') resolve();
        else if (state === 'failed' || state === 'closed') reject(new Error(`peer ${state}`));
      };
      this.#pc.onconnectionstatechange = check;
      check();
    });
  }

  close(): void {
    this.#pc.close();
  }

  private description(): Jsep {
    const local = this.#pc.localDescription;
    if (!local) throw new Error('no local description');
    return { type: local.type, sdp: local.sdp };
  }
}

/** A private Janus and a connected client on it, as the app's `media` dependency takes them. */
export async function startTestMedia(options: Omit<PrivateJanusOptions, 'dir'> = {}): Promise<{
  janus: PrivateJanus & { dir: string };
  client: JanusClient;
  media: MediaServer;
}> {
  const janus = await startTestJanus(options);
  const client = await JanusClient.connect({
    url: janus.url,
    apiSecret: janus.apiSecret,
    adminKey: janus.adminKey,
  });
  return { janus, client, media: { kind: 'private', client, janus, close: () => client.close() } };
}
