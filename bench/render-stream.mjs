// Issue 31's first question: can this machine draw the campus in one headless Chromium (software
// GL) and stream it over WebRTC to a viewer in another, at 24 fps or more at 640×360, with a
// glass-to-glass delay p95 of 150 ms or less on loopback?
//
// The render browser enters the campus as a guest at RENDER_STREAM_SIZE (640x360 by default), and
// copies the world's canvas each frame into a 2D canvas with the time painted in as 32 black and
// white blocks (the milliseconds since the Unix epoch, modulo 2^32); that canvas's
// `captureStream` goes to the viewer, a second Chromium, over an RTCPeerConnection (signalling
// relayed by this script). The viewer reads the blocks back from each frame it shows
// (`requestVideoFrameCallback`), so the delay is the paint-to-presented time on one clock.
// Prints the world's own frame rate (the baseline), the frame rate received, the resolution, the
// bitrate, the delay's median and p95, and both browsers' CPU.
/* global window, document, requestAnimationFrame, RTCPeerConnection */
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { median, percentile, SOFTWARE_GL_CHROMIUM_ARGS, startAtrium } from './lib.mjs';
import { enterWorld } from './world-client.mjs';

const [WIDTH, HEIGHT] = (process.env.RENDER_STREAM_SIZE ?? '640x360').split('x').map(Number);
const BITRATE = Number(process.env.RENDER_STREAM_KBPS ?? '1500') * 1000;
const WARMUP_S = 4;
const MEASURE_S = 12;
const BLOCK = 8;
const BITS = 32;
const INPUT_PRESSES = 12;
const DIRECT = process.env.RENDER_STREAM_DIRECT === '1';

// Loopback needs the plain host candidates (the obfuscated mDNS names do not resolve here).
const WEBRTC_ARGS = ['--disable-features=WebRtcHideLocalIpsWithMdns'];

/** The process whose command line has `marker`, and all below it: CPU seconds and RSS (MB). */
function usage(marker) {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,times=,rss=,args='], { encoding: 'utf8' });
  const rows = out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, ppid, times, rss, ...args] = line.trim().split(/\s+/);
      return { pid, ppid, times: Number(times), rss: Number(rss), args: args.join(' ') };
    });
  const roots = rows.filter((r) => r.args.includes(marker)).map((r) => r.pid);
  const mine = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) {
      if (!mine.has(r.pid) && mine.has(r.ppid)) {
        mine.add(r.pid);
        grew = true;
      }
    }
  }
  const tree = rows.filter((r) => mine.has(r.pid));
  return {
    cpu: tree.reduce((sum, r) => sum + r.times, 0),
    rssMb: Math.round(tree.reduce((sum, r) => sum + r.rss, 0) / 1024),
  };
}

const cpuSeconds = (marker) => usage(marker).cpu;

/** In the render page: composes the world's canvas and the time, and offers the stream. */
const startSender = async ({ width, height, block, bits, bitrate, direct }) => {
  const world = document.querySelector('canvas');
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  let frames = 0;
  const draw = () => {
    ctx.drawImage(world, 0, 0, width, height);
    const now = Math.floor(performance.timeOrigin + performance.now()) >>> 0;
    for (let i = 0; i < bits; i++) {
      ctx.fillStyle = (now >>> i) & 1 ? '#fff' : '#000';
      ctx.fillRect(i * block, 0, block, block);
    }
    // One more block: white once the avatar stands elsewhere than at the last key press.
    const mark = window.__benchMark;
    const self = window.__atriumTest?.().self;
    const moved = mark && self && Math.hypot(self.x - mark.x, self.z - mark.z) > 0.01;
    ctx.fillStyle = moved ? '#fff' : '#000';
    ctx.fillRect(bits * block, 0, block, block);
    frames += 1;
    if (!direct) captured.requestFrame();
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);
  // RENDER_STREAM_DIRECT=1: the world's own canvas, without the copy (and so without the time).
  // The copy asks for each frame itself (`requestFrame`) once drawn: a timed capture took
  // 17 frames a second here while the world drew 34.
  const stream = direct ? world.captureStream(30) : out.captureStream(0);
  const captured = stream.getVideoTracks()[0];
  const pc = new RTCPeerConnection();
  const sender = pc.addTrack(stream.getVideoTracks()[0], stream);
  window.__bench = { pc, sender, frames: () => frames };
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
  });
  const params = sender.getParameters();
  params.encodings = [{ ...(params.encodings?.[0] ?? {}), maxBitrate: bitrate }];
  params.degradationPreference = 'maintain-framerate';
  await sender.setParameters(params).catch(() => undefined);
  return pc.localDescription.toJSON();
};

/** In the viewer page: answers, plays the video and reads the time out of every frame shown. */
const startViewer = async ({ offer, block, bits, streamWidth }) => {
  const pc = new RTCPeerConnection();
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  document.body.append(video);
  const delays = [];
  /** When each frame that showed the avatar moved was presented. */
  const movedAt = [];
  const width = (bits + 1) * block;
  const probe = document.createElement('canvas');
  probe.width = width;
  probe.height = block;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  const onFrame = () => {
    // The encoder may send a smaller picture than was drawn (it scales down under load).
    const scale = video.videoWidth / streamWidth;
    ctx.drawImage(video, 0, 0, width * scale, block * scale, 0, 0, width, block);
    const data = ctx.getImageData(0, 0, width, block).data;
    const bit = (i) => data[((block / 2) * width + i * block + block / 2) * 4] > 128;
    let stamp = 0;
    for (let i = 0; i < bits; i++) if (bit(i)) stamp = (stamp | (1 << i)) >>> 0;
    const wall = performance.timeOrigin + performance.now();
    const delay = ((Math.floor(wall) >>> 0) - stamp) >>> 0;
    if (delay < 10_000) delays.push(delay);
    if (bit(bits)) movedAt.push(wall);
    video.requestVideoFrameCallback(onFrame);
  };
  pc.ontrack = ({ streams }) => {
    video.srcObject = streams[0];
    video.requestVideoFrameCallback(onFrame);
  };
  window.__bench = { pc, delays, movedAt, video };
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
  });
  return pc.localDescription.toJSON();
};

/** In the viewer page: the inbound video's counters now. */
const inboundVideo = async () => {
  const stats = await window.__bench.pc.getStats();
  for (const s of stats.values()) {
    if (s.type === 'inbound-rtp' && s.kind === 'video') {
      return {
        framesDecoded: s.framesDecoded ?? 0,
        bytes: s.bytesReceived ?? 0,
        width: s.frameWidth ?? 0,
        height: s.frameHeight ?? 0,
        lost: s.packetsLost ?? 0,
        packets: s.packetsReceived ?? 0,
        decoder: s.decoderImplementation ?? '?',
      };
    }
  }
  return null;
};

/** In the render page: the world's own frame rate over `ms`. */
const worldFps = (ms) =>
  new Promise((resolve) => {
    let n = 0;
    const start = performance.now();
    const step = (t) => {
      n += 1;
      if (t - start < ms) requestAnimationFrame(step);
      else resolve((n * 1000) / (t - start));
    };
    requestAnimationFrame(step);
  });

async function main() {
  const atrium = await startAtrium({ name: 'atrium-render-stream-' });
  const renderMarker = `--user-data-dir=/tmp/atrium-render-${process.pid}`;
  const viewerMarker = `--user-data-dir=/tmp/atrium-viewer-${process.pid}`;
  const renderBrowser = await chromium.launchPersistentContext(
    `/tmp/atrium-render-${process.pid}`,
    {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        ...SOFTWARE_GL_CHROMIUM_ARGS,
        ...WEBRTC_ARGS,
        '--autoplay-policy=no-user-gesture-required',
      ],
      // Software GL draws at half the page's pixels (renderer.ts), so the page is twice the stream.
      viewport: { width: WIDTH * 2, height: HEIGHT * 2 },
    },
  );
  const viewerBrowser = await chromium.launchPersistentContext(
    `/tmp/atrium-viewer-${process.pid}`,
    {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [...SOFTWARE_GL_CHROMIUM_ARGS, ...WEBRTC_ARGS],
      viewport: { width: WIDTH, height: HEIGHT },
    },
  );
  try {
    const render = renderBrowser.pages()[0] ?? (await renderBrowser.newPage());
    await enterWorld(render, atrium.base, 0);
    const alone = await render.evaluate(worldFps, 5000);
    // The baseline for input to picture: the same key presses in the page itself, until the
    // first animation frame in which the avatar stands elsewhere (what a page drawing the world
    // shows on its next paint).
    const inPage = [];
    for (let k = 0; k < INPUT_PRESSES; k++) {
      const key = k % 2 === 0 ? 'KeyW' : 'KeyS';
      const waiting = render.evaluate(
        () =>
          new Promise((resolve) => {
            const { x, z } = window.__atriumTest().self;
            const start = Date.now();
            const step = () => {
              const self = window.__atriumTest().self;
              if (Math.hypot(self.x - x, self.z - z) > 0.01) resolve(Date.now());
              else if (Date.now() - start > 5000) resolve(null);
              else requestAnimationFrame(step);
            };
            requestAnimationFrame(step);
          }),
      );
      await render.waitForTimeout(100);
      const t0 = Date.now();
      await render.keyboard.down(key);
      const moved = await waiting;
      await render.keyboard.up(key);
      if (typeof moved === 'number') inPage.push(moved - t0);
      await render.waitForTimeout(500);
    }
    inPage.sort((a, b) => a - b);
    const canvasSize = await render.evaluate(() => {
      const c = document.querySelector('canvas');
      return `${c.width}×${c.height}`;
    });

    const viewer = viewerBrowser.pages()[0] ?? (await viewerBrowser.newPage());
    await viewer.route('http://viewer.bench/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><body></body>' }),
    );
    await viewer.goto('http://viewer.bench/');
    const offer = await render.evaluate(startSender, {
      width: WIDTH,
      height: HEIGHT,
      block: BLOCK,
      bits: BITS,
      bitrate: BITRATE,
      direct: DIRECT,
    });
    const answer = await viewer.evaluate(startViewer, {
      offer,
      block: BLOCK,
      bits: BITS,
      streamWidth: WIDTH,
    });
    await render.evaluate((a) => window.__bench.pc.setRemoteDescription(a), answer);
    await viewer.waitForFunction(() => window.__bench.video.readyState >= 2, undefined, {
      timeout: 30_000,
    });
    await viewer.waitForTimeout(WARMUP_S * 1000);

    const cpu0 = { render: cpuSeconds(renderMarker), viewer: cpuSeconds(viewerMarker) };
    const in0 = await viewer.evaluate(inboundVideo);
    const d0 = await viewer.evaluate(() => window.__bench.delays.length);
    const [streamingWorldFps] = await Promise.all([
      render.evaluate(worldFps, MEASURE_S * 1000),
      viewer.waitForTimeout(MEASURE_S * 1000),
    ]);
    const in1 = await viewer.evaluate(inboundVideo);
    const cpu1 = { render: cpuSeconds(renderMarker), viewer: cpuSeconds(viewerMarker) };
    const delays = (await viewer.evaluate((n) => window.__bench.delays.slice(n), d0)).sort(
      (a, b) => a - b,
    );
    const encoder = await render.evaluate(async () => {
      const stats = await window.__bench.pc.getStats();
      const out = {};
      for (const s of stats.values()) {
        if (s.type === 'outbound-rtp' && s.kind === 'video') {
          out.encoded = s.framesEncoded;
          out.sent = s.framesSent;
          out.encodeMsPerFrame = Number(((s.totalEncodeTime * 1000) / s.framesEncoded).toFixed(1));
          out.limitation = s.qualityLimitationReason;
          out.limitationDurations = s.qualityLimitationDurations;
          out.size = `${s.frameWidth}x${s.frameHeight}`;
        }
        if (s.type === 'media-source' && s.kind === 'video') {
          out.sourceFps = s.framesPerSecond;
          out.sourceFrames = s.frames;
        }
        if (s.type === 'codec') out.codec = s.mimeType;
      }
      return out;
    });

    // Input to picture: a key press on the render page (the world's keyboard adapter), until the
    // viewer is shown the first frame where the avatar stands elsewhere. W and S in turn.
    const inputDelays = [];
    for (let k = 0; k < (DIRECT ? 0 : INPUT_PRESSES); k++) {
      const key = k % 2 === 0 ? 'KeyW' : 'KeyS';
      await render.evaluate(() => {
        const { x, z } = window.__atriumTest().self;
        window.__benchMark = { x, z };
      });
      await viewer.waitForTimeout(300);
      const t0 = Date.now();
      await render.keyboard.down(key);
      const shown = await viewer
        .waitForFunction((since) => window.__bench.movedAt.find((t) => t >= since) ?? false, t0, {
          timeout: 5_000,
          polling: 10,
        })
        .then((h) => h.jsonValue())
        .catch(() => null);
      await render.keyboard.up(key);
      if (typeof shown === 'number') inputDelays.push(shown - t0);
      await viewer.waitForTimeout(700);
    }
    inputDelays.sort((a, b) => a - b);

    const fps = (in1.framesDecoded - in0.framesDecoded) / MEASURE_S;
    const result = {
      size: `${WIDTH}x${HEIGHT}`,
      worldCanvas: canvasSize,
      worldFpsAlone: Number(alone.toFixed(1)),
      worldFpsStreaming: Number(streamingWorldFps.toFixed(1)),
      receivedFps: Number(fps.toFixed(1)),
      received: `${in1.width}x${in1.height}`,
      kbps: Math.round(((in1.bytes - in0.bytes) * 8) / MEASURE_S / 1000),
      lostPackets: in1.lost - in0.lost,
      delayMedianMs: median(delays),
      delayP95Ms: percentile(delays, 0.95),
      delaySamples: delays.length,
      inputToPictureMedianMs: Math.round(median(inputDelays)),
      inputToPictureP95Ms: Math.round(percentile(inputDelays, 0.95)),
      inputPresses: `${inputDelays.length}/${INPUT_PRESSES}`,
      inPageInputToPictureMedianMs: Math.round(median(inPage)),
      inPageInputToPictureP95Ms: Math.round(percentile(inPage, 0.95)),
      renderCpuCores: Number(((cpu1.render - cpu0.render) / MEASURE_S).toFixed(2)),
      renderRssMb: usage(renderMarker).rssMb,
      viewerCpuCores: Number(((cpu1.viewer - cpu0.viewer) / MEASURE_S).toFixed(2)),
      encoder,
      decoder: in1.decoder,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await viewerBrowser.close();
    await renderBrowser.close();
    await atrium.stop();
  }
}

await main();
