// The classroom's room socket (issue 15): whiteboard relay, 30 participants, the owner sending 10
// scene updates a second. p95 delay from the owner's emit to each other participant's receipt,
// against a bare socket.io server relaying the same messages (`socket.broadcast.emit`) in this run.
import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import { connectSocket, delaySummary, freePort, startAtrium, startScript } from './lib.mjs';

const PARTICIPANTS = 30;
const UPDATES_PER_S = 10;
const WARMUP_S = 2;
const MEASURE_S = 10;
const JWT_SECRET = 'bench-room-secret-0123456789abcdef0123456789';

/** One freehand stroke as Excalidraw sends it: ~60 points, a couple of KB of JSON. */
function stroke(version, sentAt) {
  const points = Array.from({ length: 60 }, (_, i) => [i * 3, Math.round(Math.sin(i / 5) * 40)]);
  return {
    id: 'bench-stroke',
    type: 'freedraw',
    version,
    versionNonce: Math.floor(Math.random() * 2 ** 31),
    isDeleted: false,
    x: 100,
    y: 100,
    width: 180,
    height: 80,
    strokeColor: '#1e1e1e',
    points,
    pressures: [],
    simulatePressure: true,
    index: 'a0',
    customData: { sentAt },
  };
}

/** Owner sends; everyone else records the delay of each update sent in the measured window. */
async function measure(owner, others, send, event) {
  const delays = [];
  let windowStart = Infinity;
  let sentInWindow = 0;
  for (const s of others) {
    s.on(event, (payload) => {
      const sentAt = payload.elements[0]?.customData?.sentAt;
      if (typeof sentAt === 'number' && sentAt >= windowStart) {
        delays.push(performance.now() - sentAt);
      }
    });
  }
  let version = 1;
  let sending = true;
  const timer = setInterval(() => {
    const now = performance.now();
    if (sending && now >= windowStart) sentInWindow += 1;
    if (sending) send(stroke((version += 1), now));
  }, 1000 / UPDATES_PER_S);
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  windowStart = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
  sending = false;
  clearInterval(timer);
  // Whatever is still on its way arrives; what never does shows as fewer deliveries.
  await new Promise((r) => setTimeout(r, 1000));
  return delaySummary(delays, sentInWindow * others.length);
}

/** Our server: the spec's `/room/room-1`, a teacher who opens the board, 29 members. */
async function atrium() {
  const { base, stop } = await startAtrium({
    name: 'atrium-bench-room-',
    env: { SEED_DEMO: 'false', JWT_SECRET },
  });
  const tokens = new AccessTokens(JWT_SECRET);
  const sockets = [];
  try {
    // The spec's bare `{ token }`, as a stock client sends it to the room socket.
    const url = `${base}/room/room-1`;
    const owner = await connectSocket(url, {
      token: await tokens.sign({ sub: randomUUID(), username: 'teacher', role: 'teacher' }),
    });
    sockets.push(owner);
    for (let i = 1; i < PARTICIPANTS; i += 1) {
      const token = await tokens.sign({ sub: randomUUID(), username: `m${i}`, role: 'member' });
      sockets.push(await connectSocket(url, { token }));
    }
    const opened = await owner.emitWithAck('send_message', {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: `board-bench-${Date.now()}`, readonly: true },
    });
    if (!opened.status) throw new Error(opened.message);
    let refused = 0;
    const result = await measure(
      owner,
      sockets.slice(1),
      (element) =>
        owner.emit('board:scene', { elements: [element] }, (ack) => {
          if (!ack.status) refused += 1;
        }),
      'board:scene',
    );
    if (refused) throw new Error(`${refused} scene updates refused`);
    return result;
  } finally {
    sockets.forEach((s) => s.disconnect());
    await stop();
  }
}

/** The baseline: a bare socket.io server in its own process that only rebroadcasts. */
async function bare() {
  const port = await freePort();
  const code = `
    import { Server } from 'socket.io';
    const io = new Server(${port}, { path: '/api/socket', maxHttpBufferSize: 64 * 1024 });
    io.on('connection', (s) => s.on('scene', (p) => s.broadcast.emit('scene', p)));
    console.log('ready');
  `;
  const stop = await startScript(code);
  const sockets = await Promise.all(
    Array.from({ length: PARTICIPANTS }, () => connectSocket(`http://127.0.0.1:${port}`)),
  );
  try {
    const [owner, ...others] = sockets;
    return await measure(
      owner,
      others,
      (element) => owner.emit('scene', { elements: [element] }),
      'scene',
    );
  } finally {
    sockets.forEach((s) => s.disconnect());
    await stop();
  }
}

export async function benchRoom() {
  const baseline = await bare();
  const relay = await atrium();
  console.log(
    `room: whiteboard relay, ${PARTICIPANTS} participants, ${UPDATES_PER_S} updates/s: p95 ${relay.p95Ms} ms ` +
      `(p50 ${relay.p50Ms}, ${relay.deliveries}/${relay.expected} delivered); bare socket.io: p95 ${baseline.p95Ms} ms ` +
      `(p50 ${baseline.p50Ms}, ${baseline.deliveries}/${baseline.expected})`,
  );
  return { participants: PARTICIPANTS, updatesPerS: UPDATES_PER_S, relay, baseline };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRoom();
