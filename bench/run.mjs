#!/usr/bin/env node
// `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures.
// `tsx bench/run.mjs world-client web-size` runs only those and rewrites only their sections.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAlbumList } from './album-list.mjs';
import { benchAdmin } from './admin.mjs';
import { benchBreakout } from './breakout.mjs';
import { benchChat } from './chat.mjs';
import { benchClassroom } from './classroom.mjs';
import { benchDartsFps } from './darts-fps.mjs';
import { benchEditorFilters } from './editor-filters.mjs';
import { benchHealth } from './health.mjs';
import { benchLastN } from './lastn.mjs';
import { benchLogin } from './login.mjs';
import { root } from './lib.mjs';
import { benchPoll } from './poll.mjs';
import { benchRoom } from './room.mjs';
import { benchSocial } from './social.mjs';
import { benchStartup } from './startup.mjs';
import { benchWalletBuy } from './wallet-buy.mjs';
import { benchWebSize } from './web-size.mjs';
import { benchWorldClient } from './world-client.mjs';
import { benchWorld } from './world.mjs';

const BENCHES = {
  startup: benchStartup,
  health: benchHealth,
  login: benchLogin,
  world: benchWorld,
  'world-client': benchWorldClient,
  'web-size': benchWebSize,
  'album-list': benchAlbumList,
  'editor-filters': benchEditorFilters,
  classroom: benchClassroom,
  room: benchRoom,
  chat: benchChat,
  social: benchSocial,
  poll: benchPoll,
  breakout: benchBreakout,
  admin: benchAdmin,
  lastn: benchLastN,
  'darts-fps': benchDartsFps,
  'wallet-buy': benchWalletBuy,
};

/** The document's sections: each needs the results of its benches. */
const SECTIONS = [
  {
    heading: 'Foundation',
    needs: ['startup', 'health'],
    render: ({ startup, health }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| \`npm start\` → \`/api/ready\` 200, PGlite, first start (migrate + seed) | ${startup.firstStartMs} ms | bare Node HTTP server: ${startup.bareNodeMs} ms | < 10000 ms |
| \`npm start\` → \`/api/ready\` 200, PGlite, later start | ${startup.warmStartMs} ms | bare Node HTTP server: ${startup.bareNodeMs} ms | < 10000 ms |
| \`/api/health\` throughput | ${health.atrium.rps} req/s (p99 ${health.atrium.p99Ms} ms) | bare Fastify route: ${health.bare.rps} req/s (p99 ${health.bare.p99Ms} ms) | ratio ≥ 0.8: **${health.ratio}** |`,
  },
  {
    heading: 'Accounts',
    needs: ['login'],
    render: ({ login }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Login throughput, 20 concurrent clients | ${login.loginRps} logins/s, p99 ${login.loginP99Ms} ms (${login.loginNon2xx} non-2xx) | (argon2id, 19 MiB, t=2, p=1 sets the pace) | report |
| \`/api/health\` p99 while logins are saturated | ${login.healthBusyP99Ms} ms | idle server: ${login.healthIdleP99Ms} ms | < 50 ms |`,
  },
  {
    heading: 'World (live avatars, server side)',
    needs: ['world'],
    render: ({ world }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Server CPU, 200 avatars in one instance at 15 Hz | ${world.twoHundred.serverCpuCores} cores | idle server: ${world.idleCpu} cores | ≤ 0.5 of one core |
| p95 delay from a move to another client seeing it, 200 avatars | ${world.twoHundred.p95DelayMs} ms | 50 avatars: ${world.fifty.p95DelayMs} ms | ≤ 100 ms |
| Bytes a client receives with 50 avatars visible | ${world.fifty.bytesPerClientPerS} B/s | | ≤ 8192 B/s |`,
  },
  {
    heading: 'World client (browser)',
    needs: ['world-client'],
    render: ({ 'world-client': client }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Campus at 1280×720, headless Chromium (SwiftShader), ${client.bots} avatars in view | median **${client.world.medianFps} fps**, p10 ${client.world.p10Fps} fps; drawn at ${client.world.canvas}; ${client.world.drawCalls} draw calls a frame | bare three.js cube, same size and browser: median ${client.baseline.medianFps} fps, p10 ${client.baseline.p10Fps} fps (ratio ${client.ratio}) | median ≥ 30 fps |`,
  },
  {
    heading: 'Web app',
    needs: ['web-size'],
    render: ({ 'web-size': web }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| JavaScript the home route \`/\` loads first (gzip -9) | ${web.homeKb} KB in ${web.files} files; three.js in it: ${web.threeOnHome ? '**yes**' : 'no'}; viem in it: ${web.viemOnHome ? '**yes**' : 'no'} | all JavaScript of the build: ${web.totalKb} KB | ≤ 170 KB, no three.js, no viem |
${Object.entries(web.events)
  .map(
    ([route, e]) =>
      `| JavaScript the event page \`${route}\` loads first (gzip -9) | ${e.kb > 170 ? `**${e.kb} KB**` : `${e.kb} KB`} | the home route's, plus ${e.ownKb} KB of its own | ≤ 170 KB |`,
  )
  .join('\n')}`,
  },
  {
    heading: 'Classroom (media)',
    needs: ['classroom'],
    render: ({ classroom: c }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Join time on Janus: click on Join → first decoded frame of the person already in the room | median **${c.join.sfu.medianMs} ms** (${c.join.sfu.times.join(', ')}) | two RTCPeerConnections in one page, no server: ${c.loopbackMs} ms | report |
| Join time in the mesh (no Janus), same measure | median **${c.join.mesh.medianMs} ms** (${c.join.mesh.times.join(', ')}) | same | report |
| Janus, 6 people in one room (each sends camera + mic, receives 5): server + Janus CPU per participant | **${c.six.perParticipantCores} cores** (server ${c.six.serverCores}, Janus ${c.six.janusCores} in all) | 2 people: ${c.two.perParticipantCores} cores per participant | report |
| Janus, 6 people: frame rate each person receives per remote video, median | **${c.six.medianFps} fps** | 2 people: ${c.two.medianFps} fps | report |`,
  },
  {
    heading: 'Album and editor',
    needs: ['album-list', 'editor-filters'],
    render: ({
      'album-list': album,
      'editor-filters': editor,
    }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Album list of 1,000 screenshots, server time (${album.database}) | p99 **${album.list1000Server.p99Ms} ms**, median ${album.list1000Server.medianMs} ms (round trip p99 ${album.list1000.p99Ms} ms) | list of 1 screenshot: p99 ${album.list1Server.p99Ms} ms | p99 ≤ 20 ms |
| Same, just after a change (answer rebuilt from the database) | p99 **${album.list1000ChangedServer.p99Ms} ms**, median ${album.list1000ChangedServer.medianMs} ms | \`/api/health\` round trip p99 ${album.health.p99Ms} ms | p99 ≤ 20 ms |
${Object.entries(editor.filters)
  .map(
    ([name, f]) =>
      `| Editor filter \`${name}\` on 1920×1080, headless Chromium (${f.path}) | median **${f.medianMs} ms**, max ${f.maxMs} ms | getImageData + putImageData: ${editor.baselineMs} ms | median ≤ 50 ms |`,
  )
  .join('\n')}`,
  },
  {
    heading: 'Darts (mini-game)',
    needs: ['darts-fps'],
    render: ({ 'darts-fps': d }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Darts while aiming (wobble and power meter moving), headless Chromium (SwiftShader) at ${d.viewport}, board canvas ${d.canvas} | median **${d.game.medianFps} fps**, p10 ${d.game.p10Fps} fps (${d.game.frames} frames in 5 s) | empty page, same browser: median ${d.baseline.medianFps} fps, p10 ${d.baseline.p10Fps} fps (ratio ${d.ratio}) | 60 fps |
| JavaScript \`/mini-game/index.html\` loads first (gzip -9) | ${d.firstLoadKb} KB in ${d.firstLoadFiles} files: the shared entry ${d.entryKb} KB (unchanged by the game), the lazy game chunk ${d.miniGameChunkKb} KB, the dialog and mini-game data chunks | the home route's own first load (see Web app) | game code only in lazy chunks |`,
  },
  {
    heading: 'Classroom chat',
    needs: ['chat'],
    render: ({ chat }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Chat fan-out: ${chat.watchers} watchers of one room, ${chat.messagesPerS} messages/s from ${chat.senders} senders (\`POST /api/chat/add\` → \`chat:message\`), default PGlite | p95 **${chat.fanout.p95Ms} ms**, p50 ${chat.fanout.p50Ms} ms, max ${chat.fanout.maxMs} ms; ${chat.fanout.deliveries}/${chat.fanout.expected} delivered | bare socket.io \`io.to(room).emit\` on a POST: p95 ${chat.baseline.p95Ms} ms, p50 ${chat.baseline.p50Ms} ms; ${chat.baseline.deliveries}/${chat.baseline.expected} delivered | report |`,
  },
  {
    heading: 'Classroom room socket',
    needs: ['room'],
    render: ({ room }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Whiteboard relay, ${room.participants} participants, owner sends ${room.updatesPerS} scene updates/s (one ~2 KB stroke each), default PGlite | p95 **${room.relay.p95Ms} ms**, p50 ${room.relay.p50Ms} ms, max ${room.relay.maxMs} ms; ${room.relay.deliveries}/${room.relay.expected} delivered | bare socket.io \`broadcast.emit\`: p95 ${room.baseline.p95Ms} ms, p50 ${room.baseline.p50Ms} ms; ${room.baseline.deliveries}/${room.baseline.expected} delivered | report |`,
  },
  {
    heading: 'Social layer (two processes)',
    needs: ['social'],
    render: ({ social: s }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Call from a user on process A to a user on process B, ${s.users} users online (half on each), ${s.callsPerS} calls/s, PostgreSQL + Redis (machine load average ${s.load} on ${os.cpus().length} cores) | p95 **${s.calls.p95Ms} ms**, p50 ${s.calls.p50Ms} ms, max ${s.calls.maxMs} ms; ${s.calls.deliveries}/${s.calls.expected} delivered | bare socket.io emit to a room across two servers on the Redis adapter: p95 ${s.baseline.p95Ms} ms, p50 ${s.baseline.p50Ms} ms; ${s.baseline.deliveries}/${s.baseline.expected} delivered | p95 ≤ 50 ms |
| Presence: the online list on each process | ${s.users} online: A ${s.presence.online.a}, B ${s.presence.online.b}, same first page: ${s.presence.online.same ? 'yes' : '**no**'}; after ${s.leavers} leave: A ${s.presence.afterLeave.a}, B ${s.presence.afterLeave.b} within ${s.presence.afterLeave.agreeMs} ms | | both agree |`,
  },
  {
    heading: 'Classroom polls (two processes)',
    needs: ['poll'],
    render: ({ poll: p }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Poll: ${p.students} students in room-1 (half on each process, on Janus) answer within ${p.spreadMs} ms; first answer sent → the teacher's \`class:poll\` shows \`total\` ${p.students}, median of ${p.rounds} polls (machine load average ${p.load} on ${os.cpus().length} cores) | **${p.poll.completeMs} ms** (${p.poll.afterLastMs} ms after the last answer) | bare socket.io on the Redis adapter relaying each answer to one listener: ${p.baseline.completeMs} ms (${p.baseline.afterLastMs} ms after the last) | report |
| Poll: one answer's emit → the teacher's first view that lists it | p95 **${p.poll.perVote.p95Ms} ms**, p50 ${p.poll.perVote.p50Ms} ms, max ${p.poll.perVote.maxMs} ms; ${p.poll.perVote.deliveries}/${p.poll.perVote.expected} seen | same bare relay: p95 ${p.baseline.perVote.p95Ms} ms, p50 ${p.baseline.perVote.p50Ms} ms; round trip: bare ack'd emit ${p.pingMs.bare} ms, \`system:ping\` ${p.pingMs.ours} ms | report |
| Poll: bytes the teacher receives while ${p.students} answer | ${p.poll.listenerKb} KB | bare relay: ${p.baseline.listenerKb} KB | report |`,
  },
  {
    heading: 'Classroom breakout groups (two processes)',
    needs: ['breakout'],
    render: ({ breakout: b }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Breakout in: ${b.students} students in room-1 (half on each process, on Janus) split into ${b.groups} groups; the teacher's \`class:group:open\` emit → the last student's \`class:join\` ack in its group's room, median of ${b.rounds} rounds (machine load average ${b.load} on ${os.cpus().length} cores) | **${b.open.ms} ms** (${b.open.rounds.join(', ')}); each student's join ${b.open.join.medianMs} ms median, max ${b.open.join.maxMs} ms | a single join (one bot alone, room-2 ↔ room-3): ${b.baseline.singleJoin.medianMs} ms median, max ${b.baseline.singleJoin.maxMs} ms; \`system:ping\` ${b.baseline.pingMs} ms | ≤ 3000 ms |
| Breakout back: \`class:group:close\` emit (\`CLASS_GROUP_WARNING_S=${b.warningS}\`) → the last student's join ack in room-1, including the wait for the groups' 1 s clock | **${b.back.ms} ms** (${b.back.rounds.join(', ')}); \`prepared\` heard after ${b.back.preparedFirstMs} ms, then ${b.back.fromPreparedMs} ms to the last ack | same single join | ≤ 3000 ms |`,
  },
  {
    heading: 'A class of 30 on Janus (last-N)',
    needs: ['lastn'],
    render: ({ lastn: l }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| Video download per viewer, ${l.people} people each publishing a camera (libwebrtc in Node, ${l.bound.cameraKbps} kbit/s each), ${l.viewers} of them receiving, \`CLASS_LAST_N=${l.bound.lastN}\` and the page's view (9 tiles) | **${l.bound.kbpsPerViewer} kbit/s**, ${l.bound.camerasPerViewer} cameras decoded (${l.bound.camerasWorthPerViewer} cameras' worth) | no bound (\`CLASS_LAST_N=${l.unbounded.lastN}\`, no view: every camera): ${l.unbounded.kbpsPerViewer} kbit/s, ${l.unbounded.camerasPerViewer} cameras; ratio **${l.downloadRatio}** | bounded |
| Janus CPU for that class (its process, utime + stime) | **${l.bound.janusCores} cores** | no bound: ${l.unbounded.janusCores} cores (ratio ${l.janusRatio}); idle Janus ${l.idleJanusCores} | report |`,
  },
  {
    heading: 'Admin console',
    needs: ['admin'],
    render: ({ admin: a }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| People list of ${a.people} accounts, search by name (start of a username or email), server time (${a.database}) | p99 **${a.searchServer.p99Ms} ms**, median ${a.searchServer.medianMs} ms | \`/api/health\` round trip p99 ${a.health.p99Ms} ms | p99 ≤ 20 ms |
| Roster import of ${a.rosterRows} rows (accounts, welcome tokens and mails, one transaction) | **${a.rosterMs} ms** (${a.rosterProgressLines} progress lines) | | report |
| \`/api/health\` round trip while the import runs | p99 **${a.healthDuringImport.p99Ms} ms** over ${a.healthDuringImport.n} calls | idle: p99 ${a.health.p99Ms} ms | p99 < 50 ms |`,
  },
  {
    heading: 'Wallet (local chain)',
    needs: ['wallet-buy'],
    render: ({ 'wallet-buy': w }) => `| Benchmark | Figure | Baseline (same run) | Target |
| --- | --- | --- | --- |
| BUY NFT → \`Success\` in the purchase popup, embedded local chain, median of ${w.runs} | **${w.buyMedianMs} ms** (max ${w.buyMaxMs} ms) | through the same injected wallet and RPC proxy, sent by the page until the receipt: the same \`buyItem(101, 1)\` ${w.rawBuyMedianMs} ms; a native transfer ${w.transferMedianMs} ms | report |`,
  },
];

const METHOD = `## Method

- World client (\`bench/world-client.mjs\`): the built app, 20 guest bots (stock socket.io client) standing and
  walking in front of the camera near the spawn point, half of them emoting; Chromium headless with
  \`--use-gl=angle --use-angle=swiftshader\` (software GL) at 1280×720 enters \`/embed/campus\` as a guest and presses
  Play. After the bots arrive, 3 s warm-up, then 10 s of \`requestAnimationFrame\` timestamps in the page: median
  and p10 (the slow end) frame rate. The world lowers its drawing resolution on slow frames (steps of 0.8, floor
  0.5) and raises it after fast ones; "drawn at" is the canvas's drawing buffer, start→end when it changed.
  Draw calls: every WebGL draw call counted for one frame. Baseline: one rotating cube in a bare three.js page.
  With \`WORLD_LOOK_DIR\` set it also walks the campus and saves screenshots there.
- Home route JS (\`bench/web-size.mjs\`): the module scripts and \`modulepreload\` links of \`apps/web/dist/index.html\`,
  each gzipped at level 9; three.js is detected by \`WebGLRenderer\` in a chunk. Event pages: the same, plus the
  page's lazy chunk and every chunk it imports statically (the gallery's lightbox loads on the first open and is
  not counted). \`e2e/events.test.ts\` measures the same in Chromium, every script response of a fresh visit.
  The home route alone was 168.2 KB before the event pages (168.4 KB with their five routes and the nav link),
  which leaves them 1.6 KB each under 170 KB; they take 2.5 to 3.6 KB, so they are over until the entry shrinks.
- World (\`bench/world.mjs\`): socket.io clients in the bench process (on the same two cores as the server),
  each a guest joining \`campus\` and walking a 2 m circle on the plaza at 15 Hz; 2 s warm-up, 8 s measured.
  CPU from \`/proc/<pid>/stat\` of the server process. Delay: from a client emitting a move to an observer
  decoding that position in a snapshot (10 observers). Bytes: every engine.io frame an observer receives.
  Snapshots are binary (\`encodeSnapshot\`, 8 bytes an avatar); names travel once, on join.
- Login (\`bench/login.mjs\`): autocannon, 20 connections for 10 s against \`POST /api/auth\` (each request from
  its own \`X-Forwarded-For\` address, \`TRUST_PROXY=true\`, so the per-IP limit does not apply); during it, one
  connection measures \`/api/health\` for 6 s. At most cores − 1 argon2 jobs run at once, so one core stays with
  the event loop.
- Wallet (\`bench/wallet-buy.mjs\`): the built app as \`npm start\` runs it (embedded ganache chain, fresh
  \`DATA_DIR\`), the demo member in headless Chromium with an EIP-1193 wallet injected (\`e2e/support/wallet.ts\`:
  signs in Node with the demo key, sends through \`/api/chain/rpc\`), linked once, standing at the gallery's
  first poster with the world drawing (software GL). Each run: E, then, timed in the page, from the click on BUY
  NFT to the DOM mutation that shows \`Success\`'s text (the lazy popup, the wallet's account and chain checks,
  \`buyItem(101, 1)\` signed and sent, the receipt). Baselines, timed in the same page and world: the same
  \`buyItem\` and a native transfer sent by \`window.ethereum\` (no app code), polled for the receipt every
  250 ms. The test wallet estimates gas through the proxy as MetaMask would; ganache's estimate of a contract call
  is most of the gap between the two baselines. The first run includes loading the wallet's chunk (viem, about
  93 KB gz): it is the max. \`WALLET_BUY_RUNS\` sets N (7). Two cores shared with other work: noisy.
- Startup (\`bench/startup.mjs\`): \`node scripts/start.mjs\` with dependencies installed and the build
  current, on a fresh \`DATA_DIR\`, timed until \`/api/ready\` answers 200; median of 3. Baseline: the
  same measurement of a bare \`node:http\` server.
- Admin console (\`bench/admin.mjs\`): the built server on a fresh \`DATA_DIR\` (PGlite, or a scratch PostgreSQL
  database with \`TEST_DATABASE_URL\`) holding 10,000 active accounts; 300 searches of three-digit prefixes
  (ten people each) alternate with \`/api/health\`; server time from \`Server-Timing\`. Then a roster of 1,000
  rows is imported while \`/api/health\` is asked back to back.
- Album list (\`bench/album-list.mjs\`): the built server on a fresh \`DATA_DIR\` (PGlite, or PostgreSQL in a
  scratch database when \`TEST_DATABASE_URL\` is set); one account with 1,000 screenshot rows, one with 1. 250
  rounds of: rename one photo then list (the answer is rebuilt), list again (the unchanged album's answer is
  reused after a stamp query), list the 1-photo album, \`/api/health\`. Server time is the answer's
  \`Server-Timing: app;dur\` (request arrival to answer ready); round trip is the client's, to the last byte.
- Editor filters (\`bench/editor-filters.mjs\`): \`filters.ts\` bundled with esbuild into a page of headless
  Chromium (SwiftShader); a fixed 1920×1080 picture (gradients, shapes, seeded noise) restored before each run;
  each filter at strength 60 (blend colour #3366ff), 2 warm-up runs and 9 measured, through
  \`applyFilterToCanvas\` (getImageData, filter, putImageData, flush). Baseline: the getImageData +
  putImageData round trip alone.
- Classroom (\`bench/classroom.mjs\`): the built server on its own \`DATA_DIR\` (with the private Janus, or
  \`CLASSROOM_MEDIA=mesh\`), headless Chromium contexts with fake camera and microphone logged in on the home
  page, joining room-1 through the side panel. Join time: from the click on the room button to the
  browser's statistics showing a decoded video frame of the person already there; 3 rounds (leave, join).
  Baseline: a loopback call between two RTCPeerConnections in one page. Load: 2 then 6 people join, 3 s
  settle, then 20 s in which CPU time of the server process and of its Janus child is read from
  \`/proc/<pid>/stat\`, and frames decoded per remote video from \`getStats()\`. All the browsers run on the
  same two cores as the server and Janus, so the frame rate is bounded by the browsers' own encoding.
- Room socket (\`bench/room.mjs\`): the built server on a fresh \`DATA_DIR\` (PGlite, no Redis); stock socket.io
  clients on \`/room/room-1\` with \`auth: {token}\`: one teacher who opens a read-only whiteboard and 29 members.
  The teacher emits \`board:scene\` with one freehand element (60 points, new version each time) 10 times a
  second; 2 s warm-up, 10 s measured. Delay: from the emit to each member's \`board:scene\` (the element carries
  its send time). Each update is validated, checked against the room's read-only state and merged into the
  board's rows in the database before it is relayed. Baseline: a bare socket.io server in its own process that
  only does \`socket.broadcast.emit\`, same clients and payload.
- Social (\`bench/social.mjs\`): two built server processes (\`apps/server/dist/main.mjs\`) on one scratch
  PostgreSQL database (next to \`TEST_DATABASE_URL\`'s, default \`postgres://postgres@127.0.0.1:5432/test\`) and
  one Redis (\`TEST_REDIS_URL\`, default \`redis://127.0.0.1:6379\`), one JWT secret; 2,000 accounts inserted in
  one statement, each signed in with a token and connected with the stock socket.io client (websocket only),
  the first 1,000 to process A, the others to B. Baseline: two bare socket.io servers in their own processes
  on the Redis adapter that only do \`io.to(callee).emit\`, with their own 2,000 clients. Both systems are up
  at once; after 2 s of rest, calls run in 5 alternating rounds of 120 (bare, ours, bare, ours, …) at 40
  calls/s, user i on A calling user i on B (\`social:call\`) once; the first round of each is not counted.
  Delay: from the caller's emit to the callee's \`social:message\` (the call is checked, stored in the inbox
  and routed to the callee's process through the Redis adapter). Presence: \`GET /api/social/online\` on both
  processes, the totals and the first page compared; then 200 users (100 on each) disconnect and both lists
  are polled until they agree. All clients run in the bench process, on the same two cores as the four
  servers, PostgreSQL and Redis; run it under \`flock /tmp/atrium-e2e.lock\` so no browser test shares them.
- Polls (\`bench/poll.mjs\`): two built server processes on one scratch PostgreSQL database and one Redis (as
  Social), both given one private Janus started by the bench as \`JANUS_URL\` (the mesh holds at most 4); a
  teacher on A and 200 students (100 on each) signed in with tokens, all joined to room-1 without publishing. Each
  round the teacher opens an A/B/C/D poll (\`class:poll:create\`), and after 300 ms the students answer
  (\`class:poll:vote\`) one every 5 ms, A and B alternating; the teacher's \`class:poll\` views are read until
  \`total\` is 200, then the poll is closed. Per answer: from the emit to the first view whose \`voters\` lists
  the student. Baseline: two bare socket.io servers on the Redis adapter that relay each answer to one listener,
  their own 201 clients, the same pattern; rounds alternate (4 each, the first not counted). The complete time
  is bounded below by the 1 s spread: the time after the last answer and the per-answer delays carry the ratio.
- Breakout (\`bench/breakout.mjs\`): as Polls (two processes, PostgreSQL, Redis, one private Janus), with
  \`CLASS_GROUP_WARNING_S=0\`; a teacher on A and 30 students (alternating A and B) in room-1 without publishing;
  a 6-group random plan saved once. Each round the teacher emits \`class:group:open\`, and each student, on its
  \`class:groups\`, joins the room the web engine's \`roomFor\` names (its group's); then
  \`class:group:close\`, and on \`prepared\` each joins room-1 again. After each phase every student's
  \`classroom_participants\` row is checked. Baseline: two bots (one on each process) each moving alone between
  room-2 and room-3 (a sitter stays in each), twice before each phase, and \`system:ping\`. 4 rounds, the first
  not counted. The join ack (Janus has the participant in the room) stands in for media: bots send none.
- Last-N (\`bench/lastn.mjs\`): one built server on a scratch PostgreSQL and one private Janus; 30 socket.io bots (a
  teacher and 29 students) join room-1 and each publishes a camera through @roamhq/wrtc (libwebrtc in Node: an
  RTCVideoSource fed 192×112 frames of a moving pattern at 15 fps, capped at 150 kbit/s, a small tile's layer); 3 of
  them subscribe to all 29 others as the web engine does. Bound: \`CLASS_LAST_N=9\` and each viewer sends
  \`class:view\` with 9 tiles. Baseline, same run, fresh server and class: \`CLASS_LAST_N=50\` and no view (the page
  before last-N). Over 10 s after 8 s of settling: video bytes each viewer receives (getStats), cameras whose bytes
  grow, what the cameras send, and Janus's CPU from /proc. The Node peers send one layer (no simulcast: the layers
  are checked in Chromium by \`e2e/classroom-lastn.test.ts\`); only 3 of the 30 receive, so Janus's figure is
  mostly the 30 cameras' ingress.
- Darts (\`bench/darts-fps.mjs\`, alone: \`node bench/darts-fps.mjs\`): the built server on a fresh \`DATA_DIR\`; Chromium
  with the world client's flags (SwiftShader) at 1280×720 opens \`/mini-game/index.html?embedded=1\`, starts 501 against
  the computer, presses and holds on the board (the aim wobbles, the power meter moves: every frame redraws), 1 s
  warm-up, then 5 s of \`requestAnimationFrame\` timestamps. Baseline: an empty page in the same browser first. First-load
  JS: every script the page fetched until the board showed, gzipped at level 9.
- Throughput (\`bench/health.mjs\`): autocannon, 16 connections, 6 interleaved rounds of 4 s against
  each server running side by side; medians. Baseline: a bare Fastify 5 route returning the same JSON.
`;

const requested = process.argv.slice(2);
for (const name of requested) {
  if (!(name in BENCHES))
    throw new Error(`unknown bench ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
}
const names = requested.length > 0 ? requested : Object.keys(BENCHES);
const results = {};
for (const name of names) results[name] = await BENCHES[name]();

/** The sections of the current document by heading, to keep those this run did not measure. */
const docPath = path.join(root, 'docs/benchmarks.md');
const previous = new Map();
try {
  const text = await readFile(docPath, 'utf8');
  for (const part of text.split(/^## /m).slice(1)) {
    const heading = part.slice(0, part.indexOf('\n'));
    previous.set(
      heading,
      part
        .slice(heading.length)
        .trim()
        .replace(/\n\nMethod:[\s\S]*$/, ''),
    );
  }
} catch {
  // no document yet
}

const body = SECTIONS.map(({ heading, needs, render }) => {
  const table = needs.every((n) => n in results) ? render(results) : previous.get(heading);
  return table ? `## ${heading}\n\n${table}\n` : null;
}).filter(Boolean);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const doc = `# Benchmarks

Latest figures, written by \`npm run bench\` (which builds first, then runs \`tsx bench/run.mjs\`;
\`tsx bench/run.mjs <name>…\` reruns single benchmarks and keeps the other sections). Last run
${new Date().toISOString().slice(0, 10)} (${names.join(', ')}), ${machine}. These machines are noisy: compare
the ratio to the baseline measured in the same run, not absolute times.

${body.join('\n')}
${METHOD}`;
await writeFile(docPath, doc);
console.log('wrote docs/benchmarks.md');
