// A class of 30 on Janus, with and without last-N (issue 28 §6): "30 participants (libwebrtc
// peers where Chromium is too heavy for the machine) in one class: download per viewer, Janus CPU,
// against the same class without the bound."
//
// One built Atrium process on a scratch PostgreSQL and one private Janus. 30 participants (a
// teacher and 29 students, socket.io bots) join room-1 and each publishes a camera through a
// libwebrtc peer in Node (@roamhq/wrtc, an RTCVideoSource fed 192×112 frames at 15 fps with a
// moving pattern, so the encoder has real work). VIEWERS of them also receive: each subscribes
// to all 29 others exactly as the web engine does (`class:subscribe`, answer, `class:start`) and
// then says what its grid shows (`class:view`, the first 9 others). Figures over a WINDOW_MS
// window after a settling pause: video kbit/s received per viewer (its own getStats), how many
// cameras it decodes, and Janus's CPU (utime + stime of its process, /proc).
//   bound:    the server as shipped, CLASS_LAST_N=9 (the teacher and 8 more);
//   baseline: the same class and bots with CLASS_LAST_N=50 and no `class:view` (the page before
//             last-N: every camera forwarded), same run.
// The Node peers do not publish simulcast (the layers are proved in Chromium by
// e2e/classroom-lastn.test.ts); a viewer's saving here is the bound alone.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPrivateJanus } from '../apps/server/src/media/janus/janus-process.ts';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import { connectSocket, handshake, insertUsers, scratchPostgres, startAtrium } from './lib.mjs';

const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
const wrtc = require('@roamhq/wrtc');

const PEOPLE = 30;
const VIEWERS = 3;
const VISIBLE = 9;
const BOUND = 9;
const UNBOUNDED = 50;
const WIDTH = 192;
const HEIGHT = 112;
const FPS = 15;
const CAMERA_BPS = 150_000;
const SETTLE_MS = 8_000;
const WINDOW_MS = 10_000;
const JWT_SECRET = 'bench-lastn-secret-0123456789abcdef0123456789abcd';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOM = 'room-1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ask(socket, event, payload) {
  const answer = await socket.timeout(30_000).emitWithAck(event, payload);
  if (!answer?.status) throw new Error(`${event}: ${answer?.message ?? JSON.stringify(answer)}`);
  return answer.data;
}

/** CPU seconds (user + system) a process has used so far. */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Frames of a moving pattern (I420), made once and cycled by every source. */
function makeFrames(count) {
  const frames = [];
  const luma = WIDTH * HEIGHT;
  for (let f = 0; f < count; f++) {
    const data = new Uint8ClampedArray(luma * 1.5);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        data[y * WIDTH + x] = (x * 3 + y * 2 + f * 9 + ((x * y) % 23) * 5) & 255;
      }
    }
    data.fill(128, luma);
    frames.push(data);
  }
  return frames;
}

/** Resolves once `pc` has gathered every candidate (they go in the SDP, no trickle). */
function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate) resolve();
    };
  });
}

/** One class: everyone joins and publishes, the viewers receive; returns the window's figures. */
async function runClass({ database, janus, lastN, frames }) {
  const { base, stop } = await startAtrium({
    name: `atrium-bench-lastn-${lastN}-`,
    env: {
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      JWT_SECRET,
      JANUS_URL: janus.url,
      JANUS_API_SECRET: janus.apiSecret,
      JANUS_ADMIN_KEY: janus.adminKey,
      CLASS_LAST_N: String(lastN),
    },
  });
  const sockets = [];
  const pcs = [];
  let ticker = null;
  try {
    const rows = await insertUsers(database.url, `ln${randomUUID().slice(0, 4)}u`, PEOPLE);
    const tokens = new AccessTokens(JWT_SECRET);
    const sources = [];
    const people = [];
    for (const [i, row] of rows.entries()) {
      const role = i === 0 ? 'teacher' : 'member';
      const auth = handshake(await tokens.sign({ sub: row.id, username: row.username, role }));
      const socket = await connectSocket(base, auth);
      sockets.push(socket);
      const ack = await ask(socket, 'class:join', { room: ROOM });
      if (ack.mode !== 'sfu') throw new Error(`${ROOM} is in ${ack.mode} mode, not on Janus`);
      people.push({ socket, id: ack.id });
    }
    // Every camera goes out; one timer feeds all sources.
    for (const person of people) {
      const source = new wrtc.nonstandard.RTCVideoSource();
      sources.push(source);
      const pc = new wrtc.RTCPeerConnection();
      pcs.push(pc);
      // A small grid tile's worth (docs/classroom-scale.md: the low layer, 150 kbps): with no cap
      // each camera climbs to 600 kbps on loopback and 29 of them swamp a 2-core machine.
      pc.addTransceiver(source.createTrack(), {
        direction: 'sendonly',
        sendEncodings: [{ maxBitrate: CAMERA_BPS }],
      });
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const { sdp } = await ask(person.socket, 'class:publish', {
        participant: person.id,
        sdp: { type: 'offer', sdp: pc.localDescription.sdp },
      });
      await pc.setRemoteDescription(sdp);
    }
    let frame = 0;
    ticker = setInterval(() => {
      const data = frames[frame++ % frames.length];
      for (const source of sources) source.onFrame({ width: WIDTH, height: HEIGHT, data });
    }, 1000 / FPS);
    await sleep(3_000);

    // The viewers: students 1..VIEWERS, each receiving all 29 others, then saying what it shows.
    const viewers = [];
    for (const viewer of people.slice(1, 1 + VIEWERS)) {
      const pc = new wrtc.RTCPeerConnection();
      pcs.push(pc);
      viewer.socket.on('class:renegotiate', async ({ sdp }) => {
        await pc.setRemoteDescription(sdp);
        await pc.setLocalDescription(await pc.createAnswer());
        await ask(viewer.socket, 'class:start', {
          sdp: { type: 'answer', sdp: pc.localDescription.sdp },
        });
      });
      const others = people.filter((p) => p !== viewer);
      for (const other of others) {
        const { sdp } = await ask(viewer.socket, 'class:subscribe', { feed: other.id });
        await pc.setRemoteDescription(sdp);
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc);
        await ask(viewer.socket, 'class:start', {
          sdp: { type: 'answer', sdp: pc.localDescription.sdp },
        });
      }
      // The bound: the page says what its grid shows. The baseline is the page before last-N,
      // which said nothing and received every camera.
      let forwarded = others.length;
      if (lastN === BOUND) {
        const shown = others.slice(0, VISIBLE).map((p) => p.id);
        ({ length: forwarded } = (
          await ask(viewer.socket, 'class:view', { feeds: shown, large: [] })
        ).feeds);
      }
      viewers.push({ pc, forwarded });
    }
    await sleep(SETTLE_MS);

    // What the cameras really send in this run (the encoders adapt to the machine's load), so the
    // download can be read in cameras' worth as well as in kbit/s.
    const outbound = async () => {
      let bytes = 0;
      for (const pc of pcs.slice(0, PEOPLE)) {
        (await pc.getStats()).forEach((s) => {
          if (s.type === 'outbound-rtp' && s.kind === 'video') bytes += s.bytesSent ?? 0;
        });
      }
      return bytes;
    };
    const inbound = async (pc) => {
      const lines = new Map();
      (await pc.getStats()).forEach((s) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') lines.set(s.id, s.bytesReceived ?? 0);
      });
      return lines;
    };
    const before = await Promise.all(viewers.map((v) => inbound(v.pc)));
    const sentBefore = await outbound();
    const cpuBefore = await cpuSeconds(janus.pid);
    const started = performance.now();
    await sleep(WINDOW_MS);
    const after = await Promise.all(viewers.map((v) => inbound(v.pc)));
    const cpuAfter = await cpuSeconds(janus.pid);
    const sentAfter = await outbound();
    const seconds = (performance.now() - started) / 1000;

    const perViewer = viewers.map((v, i) => {
      let bytes = 0;
      let flowing = 0;
      for (const [id, now] of after[i]) {
        const grew = now - (before[i].get(id) ?? 0);
        bytes += grew;
        // More than a stray keyframe request's worth: this camera is being received.
        if (grew > 2_000) flowing += 1;
      }
      return { kbps: (bytes * 8) / 1000 / seconds, flowing, forwarded: v.forwarded };
    });
    const cameraKbps = ((sentAfter - sentBefore) * 8) / 1000 / seconds / PEOPLE;
    const kbpsPerViewer = perViewer.reduce((a, v) => a + v.kbps, 0) / perViewer.length;
    return {
      lastN,
      cameraKbps: Math.round(cameraKbps),
      camerasWorthPerViewer: Number((kbpsPerViewer / cameraKbps).toFixed(1)),
      kbpsPerViewer: Math.round(perViewer.reduce((a, v) => a + v.kbps, 0) / perViewer.length),
      camerasPerViewer: Math.max(...perViewer.map((v) => v.flowing)),
      forwardedPerViewer: Math.max(...perViewer.map((v) => v.forwarded)),
      janusCores: Number(((cpuAfter - cpuBefore) / seconds).toFixed(3)),
    };
  } finally {
    if (ticker) clearInterval(ticker);
    sockets.forEach((s) => s.disconnect());
    pcs.forEach((pc) => pc.close());
    await stop();
  }
}

export async function benchLastN() {
  const janusDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-bench-lastn-janus-'));
  const database = await scratchPostgres(ADMIN_URL);
  let janus;
  try {
    janus = await startPrivateJanus({ dir: janusDir, startTimeoutMs: 10_000 });
    const frames = makeFrames(FPS);
    const idleBefore = await cpuSeconds(janus.pid);
    await sleep(2_000);
    const idleCores = Number(((await cpuSeconds(janus.pid)) - idleBefore) / 2).toFixed(3);
    // The baseline first, then the bound; each on a fresh process and a fresh class.
    const unbounded = await runClass({ database, janus, lastN: UNBOUNDED, frames });
    const bound = await runClass({ database, janus, lastN: BOUND, frames });
    return {
      people: PEOPLE,
      viewers: VIEWERS,
      idleJanusCores: Number(idleCores),
      unbounded,
      bound,
      downloadRatio: Number((bound.kbpsPerViewer / unbounded.kbpsPerViewer).toFixed(2)),
      camerasWorthRatio: Number(
        (bound.camerasWorthPerViewer / unbounded.camerasWorthPerViewer).toFixed(2),
      ),
      janusRatio: Number((bound.janusCores / unbounded.janusCores).toFixed(2)),
    };
  } finally {
    await janus?.stop();
    await rm(janusDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLastN(), null, 2));
  process.exit(0);
}
