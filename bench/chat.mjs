// Chat fan-out (issue 15): 200 people watching one room's chat on the main socket, messages posted
// over SPEC §7's `POST /api/chat/add`. p50/p95 delay from the post to each watcher's `chat:message`,
// against a bare socket.io server doing `io.to(room).emit` of the same payload in this run.
import { randomUUID } from 'node:crypto';
import { AccessTokens } from '../apps/server/src/security/access-tokens.ts';
import {
  connectSocket,
  delaySummary,
  freePort,
  handshake,
  startAtrium,
  startScript,
} from './lib.mjs';

const WATCHERS = 200;
// The server allows 3 messages a second per user: 5 senders at 2 a second make 10 a second.
const SENDERS = 5;
const PER_SENDER_PER_S = 2;
const WARMUP_S = 2;
const MEASURE_S = 10;
const ROOM = 'room-1';
const JWT_SECRET = 'bench-chat-secret-0123456789abcdef0123456789';

/** A message as typed: about 80 characters, carrying its send time. */
const text = (sentAt) => `${sentAt} Has everyone read chapter four before tomorrow's class? 📚`;
const sentAtOf = (message) => Number(message.split(' ', 1)[0]);

/**
 * Each sender posts `PER_SENDER_PER_S` times a second; every watcher records the delay of each
 * message posted in the measured window.
 */
async function measure(watchers, post, event) {
  const delays = [];
  let windowStart = Infinity;
  let sentInWindow = 0;
  let failed = 0;
  for (const s of watchers) {
    s.on(event, (payload) => {
      const sentAt = sentAtOf(payload.message);
      if (sentAt >= windowStart) delays.push(performance.now() - sentAt);
    });
  }
  let sending = true;
  const timers = Array.from({ length: SENDERS }, (_, sender) =>
    setTimeout(
      () => {
        const tick = () => {
          if (!sending) return;
          const now = performance.now();
          if (now >= windowStart) sentInWindow += 1;
          post(sender, text(now)).catch(() => (failed += 1));
        };
        tick();
        timers.push(setInterval(tick, 1000 / PER_SENDER_PER_S));
      },
      // Spread the senders over the interval, as people typing would be.
      (sender * 1000) / PER_SENDER_PER_S / SENDERS,
    ),
  );
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  windowStart = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
  sending = false;
  timers.forEach((t) => clearInterval(t));
  // Whatever is still on its way arrives; what never does shows as fewer deliveries.
  await new Promise((r) => setTimeout(r, 1500));
  if (failed) throw new Error(`${failed} posts failed`);
  return delaySummary(delays, sentInWindow * watchers.length);
}

/** Our server: 200 members watching `room-1`; 5 of them post. */
async function atrium() {
  const { base, stop } = await startAtrium({
    name: 'atrium-bench-chat-',
    env: { SEED_DEMO: 'false', JWT_SECRET },
  });
  const tokens = new AccessTokens(JWT_SECRET);
  const sockets = [];
  try {
    const senderTokens = [];
    for (let i = 0; i < WATCHERS; i += 1) {
      const token = await tokens.sign({ sub: randomUUID(), username: `m${i}`, role: 'member' });
      if (i < SENDERS) senderTokens.push(token);
      const socket = await connectSocket(base, handshake(token));
      sockets.push(socket);
      const watched = await socket.emitWithAck('chat:watch', { room: ROOM });
      if (!watched.status) throw new Error(watched.message);
    }
    return await measure(
      sockets,
      async (sender, message) => {
        const res = await fetch(`${base}/api/chat/add`, {
          method: 'POST',
          headers: { authorization: `Bearer ${senderTokens[sender]}` },
          body: new URLSearchParams({ room: ROOM, username: '', message }),
        });
        if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      },
      'chat:message',
    );
  } finally {
    sockets.forEach((s) => s.disconnect());
    await stop();
  }
}

/**
 * The baseline: a bare socket.io server in its own process; a POST of the same form is answered
 * with `io.to(room).emit` of the message, no token, check or database.
 */
async function bare() {
  const port = await freePort();
  const code = `
    import { createServer } from 'node:http';
    import { Server } from 'socket.io';
    let id = 0;
    const http = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const message = { id: (id += 1), room: form.get('room'), username: 'm0',
          message: form.get('message'), created_at: new Date().toISOString() };
        io.to('chat:' + message.room).emit('chat:message', message);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: true, data: message }));
      });
    });
    const io = new Server(http, { path: '/api/socket' });
    io.on('connection', (s) => s.on('chat:watch', ({ room }, ack) => {
      s.join('chat:' + room);
      ack({ status: true, data: {} });
    }));
    http.listen(${port}, '127.0.0.1', () => console.log('ready'));
  `;
  const stop = await startScript(code);
  const base = `http://127.0.0.1:${port}`;
  const sockets = [];
  try {
    for (let i = 0; i < WATCHERS; i += 1) {
      const socket = await connectSocket(base);
      sockets.push(socket);
      await socket.emitWithAck('chat:watch', { room: ROOM });
    }
    return await measure(
      sockets,
      async (_sender, message) => {
        const res = await fetch(`${base}/api/chat/add`, {
          method: 'POST',
          body: new URLSearchParams({ room: ROOM, username: '', message }),
        });
        if (!res.ok) throw new Error(String(res.status));
      },
      'chat:message',
    );
  } finally {
    sockets.forEach((s) => s.disconnect());
    await stop();
  }
}

export async function benchChat() {
  const baseline = await bare();
  const fanout = await atrium();
  const perS = SENDERS * PER_SENDER_PER_S;
  console.log(
    `chat: fan-out to ${WATCHERS} watchers, ${perS} messages/s: p95 ${fanout.p95Ms} ms ` +
      `(p50 ${fanout.p50Ms}, ${fanout.deliveries}/${fanout.expected} delivered); bare socket.io: p95 ${baseline.p95Ms} ms ` +
      `(p50 ${baseline.p50Ms}, ${baseline.deliveries}/${baseline.expected})`,
  );
  return { watchers: WATCHERS, senders: SENDERS, messagesPerS: perS, fanout, baseline };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchChat();
