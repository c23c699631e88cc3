// The live classroom in real headless Chromium with fake devices, through the panel on the home
// page. (1) Join time: from the click on Join to the first decoded frame of the person already
// in the room, on the private Janus and in the mesh; baseline: two RTCPeerConnections in one
// page (no server), first frame. (2) Janus with 6 people: CPU of the server and of Janus per
// participant over a window, and the frame rate each person receives; baseline: the same with 2.
/* global window, document, RTCPeerConnection, MediaStream -- in functions that run in the page */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startOwnApp } from '../e2e/support/app.ts';
import { median } from './lib.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
const JOIN_ROUNDS = 3;
const WINDOW_S = 20;
const LOGIN = { user: 'Username or email', password: 'Password', submit: 'Log in' };

const inbound = (page) => page.evaluate(() => window.__atriumClassroom.debug.inbound());

async function until(read, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Logs in and opens the side panel; resolves with the page, ready to join. */
async function enter(browser, app, account) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['camera', 'microphone'], { origin: app.baseURL });
  // A saved device choice: Join goes straight in (SPEC §4).
  await context.addInitScript(() =>
    localStorage.setItem('is_popup_agora_advanced_settings', JSON.stringify({ MIC: '', CAM: '' })),
  );
  const page = await context.newPage();
  await page.goto(`${app.baseURL}/`);
  await page.getByLabel(LOGIN.user, { exact: true }).fill(account.username);
  await page.getByLabel(LOGIN.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: LOGIN.submit, exact: true }).click();
  await page.getByRole('region', { name: 'You are signed in' }).waitFor();
  await page.getByRole('button', { name: 'Classroom', exact: true }).click();
  return page;
}

/** Clicks Join for room-1; resolves with ms from the click to `frames` remote streams decoding. */
async function joinAndTime(page, streams) {
  const started = Date.now();
  await clickJoin(page);
  await until(
    () => inbound(page),
    (s) => Object.values(s).filter((x) => x.videoFrames > 0).length >= streams,
  );
  return Date.now() - started;
}

/** Clicks room-1, and Join in the device modal when it asks first (no saved choice yet). */
async function clickJoin(page) {
  await page.getByRole('button', { name: 'room-1', exact: true }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Classroom controls' });
  const modal = page.getByRole('dialog', { name: 'Choose the Camera and Microphone' });
  await toolbar.or(modal).first().waitFor({ timeout: 60_000 });
  if (await modal.isVisible())
    await modal.getByRole('button', { name: 'Join', exact: true }).click();
  await toolbar.waitFor({ timeout: 60_000 });
}

async function leave(page) {
  await page.getByRole('button', { name: 'Leave', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Classroom controls' }).waitFor({ state: 'hidden' });
}

/** In one page, no server: a loopback call between two peer connections, first frame. */
async function loopbackFirstFrameMs(browser, url) {
  // A page of the app: camera access needs a secure origin (localhost is one, about:blank not).
  const context = await browser.newContext();
  await context.grantPermissions(['camera', 'microphone'], { origin: url });
  const page = await context.newPage();
  await page.goto(url);
  const ms = await page.evaluate(async () => {
    const media = await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: { width: { min: 640, ideal: 1280 }, height: { min: 480, ideal: 720 } },
    });
    const started = performance.now();
    const a = new RTCPeerConnection();
    const b = new RTCPeerConnection();
    a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
    for (const track of media.getTracks()) a.addTrack(track, media);
    const frame = new Promise((resolve) => {
      b.ontrack = ({ track }) => {
        if (track.kind !== 'video') return;
        const video = document.createElement('video');
        video.muted = true;
        video.srcObject = new MediaStream([track]);
        video.requestVideoFrameCallback(() => resolve(performance.now() - started));
        void video.play();
      };
    });
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription);
    const result = await frame;
    a.close();
    b.close();
    for (const t of media.getTracks()) t.stop();
    return result;
  });
  await context.close();
  return Math.round(ms);
}

/** CPU seconds (user + system) a process has used so far. */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The private Janus the server started (its child named janus). */
async function janusPid(serverPid) {
  const { readdir } = await import('node:fs/promises');
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (name === 'janus' && ppid === serverPid) return Number(entry);
    } catch {
      // gone
    }
  }
  throw new Error('no private Janus under the server');
}

/** `people` join room-1 on Janus; over WINDOW_S: CPU per participant and received fps. */
async function loadWith(browser, app, accounts, people) {
  const pages = [];
  for (const account of accounts.slice(0, people)) {
    const page = await enter(browser, app, account);
    await clickJoin(page);
    pages.push(page);
  }
  for (const page of pages) {
    await until(
      () => inbound(page),
      (s) => Object.values(s).filter((x) => x.videoFrames > 0).length === people - 1,
      120_000,
    );
  }
  await new Promise((r) => setTimeout(r, 3000));
  const janus = await janusPid(app.pid);
  const before = { server: await cpuSeconds(app.pid), janus: await cpuSeconds(janus) };
  const framesBefore = await Promise.all(pages.map(inbound));
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const after = { server: await cpuSeconds(app.pid), janus: await cpuSeconds(janus) };
  const framesAfter = await Promise.all(pages.map(inbound));
  const fps = [];
  framesAfter.forEach((stats, i) => {
    for (const [id, s] of Object.entries(stats)) {
      fps.push((s.videoFrames - (framesBefore[i][id]?.videoFrames ?? 0)) / WINDOW_S);
    }
  });
  for (const page of pages) await page.context().close();
  const serverCores = (after.server - before.server) / WINDOW_S;
  const janusCores = (after.janus - before.janus) / WINDOW_S;
  return {
    people,
    serverCores: Number(serverCores.toFixed(3)),
    janusCores: Number(janusCores.toFixed(3)),
    perParticipantCores: Number(((serverCores + janusCores) / people).toFixed(3)),
    medianFps: Number(median(fps).toFixed(1)),
  };
}

export async function benchClassroom() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const extra = [1, 2, 3].map((n) => ({
    role: 'member',
    username: `bench${n}`,
    password: `bench password ${n}`,
  }));
  try {
    let loopbackMs = 0;
    const join = {};
    for (const [mode, env] of [
      ['sfu', {}],
      ['mesh', { CLASSROOM_MEDIA: 'mesh' }],
    ]) {
      const app = await startOwnApp(env);
      try {
        if (mode === 'sfu') {
          const runs = [];
          for (let i = 0; i < JOIN_ROUNDS; i += 1) {
            runs.push(await loopbackFirstFrameMs(browser, app.baseURL));
          }
          loopbackMs = median(runs);
        }
        const [first, second] = [app.accounts[1], app.accounts[2]];
        const host = await enter(browser, app, first);
        await joinAndTime(host, 0);
        const guest = await enter(browser, app, second);
        const times = [];
        for (let round = 0; round < JOIN_ROUNDS; round += 1) {
          times.push(await joinAndTime(guest, 1));
          await leave(guest);
        }
        join[mode] = { medianMs: median(times), times };
        await host.context().close();
        await guest.context().close();
      } finally {
        await app.stop();
      }
    }
    const app = await startOwnApp({}, extra);
    let two;
    let six;
    try {
      two = await loadWith(browser, app, app.accounts, 2);
      six = await loadWith(browser, app, app.accounts, 6);
    } finally {
      await app.stop();
    }
    return { loopbackMs, join, two, six };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchClassroom(), null, 2));
}
