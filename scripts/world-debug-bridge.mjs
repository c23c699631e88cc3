#!/usr/bin/env node
// `npm run world:debug-bridge`: the local WebSocket that the Player SDK's debug mode talks to
// (ws://127.0.0.1:8081), joined to a real running world. Open the world with the bridge on:
//   http://localhost:8080/embed/campus?debugBridge=1
// and a page that uses `new Atrium.Player(id, container, { debugAppMode: true })` exchanges SDK
// messages with that world: `{type: 'atrium', task: 'sdk', data}` in both directions.
import { WebSocketServer } from 'ws';

const PORT = Number(process.env.DEBUG_BRIDGE_PORT ?? 8081);
const HOST = process.env.DEBUG_BRIDGE_HOST ?? '127.0.0.1';
const TYPE = 'atrium';
const TASK = 'sdk';
const MAX_MESSAGE_BYTES = 64 * 1024;

/** The world's end connects on /world; every other connection is a debug-mode SDK. */
const worlds = new Set();
const sdks = new Set();

const parse = (raw) => {
  try {
    const message = JSON.parse(String(raw));
    return message && message.type === TYPE && message.task === TASK && 'data' in message
      ? message
      : null;
  } catch {
    return null;
  }
};

const server = new WebSocketServer({ host: HOST, port: PORT, maxPayload: MAX_MESSAGE_BYTES });
server.on('connection', (socket, request) => {
  const isWorld = request.url === '/world';
  const own = isWorld ? worlds : sdks;
  const peers = isWorld ? sdks : worlds;
  own.add(socket);
  console.log(`${isWorld ? 'world' : 'SDK'} connected (${worlds.size} world, ${sdks.size} SDK)`);
  socket.on('message', (raw) => {
    const message = parse(raw);
    if (!message) {
      console.warn(
        `dropped a message from the ${isWorld ? 'world' : 'SDK'}: not {type: "atrium", task: "sdk", data}`,
      );
      return;
    }
    const text = JSON.stringify(message);
    for (const peer of peers) if (peer.readyState === peer.OPEN) peer.send(text);
  });
  socket.on('close', () => {
    own.delete(socket);
    console.log(`${isWorld ? 'world' : 'SDK'} left (${worlds.size} world, ${sdks.size} SDK)`);
  });
  socket.on('error', (error) => console.warn('socket error:', error.message));
});
server.on('listening', () => {
  console.log(`Atrium debug bridge on ws://${HOST}:${PORT}`);
  console.log(
    'Open the world with ?debugBridge=1, e.g. http://localhost:8080/embed/campus?debugBridge=1',
  );
});
server.on('error', (error) => {
  console.error(`The debug bridge could not start: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
