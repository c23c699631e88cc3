import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  janusBinary,
  janusProcessesUsing,
  processExists,
  startTestJanus,
} from '../../../test/janus.ts';
import { connectMediaServer } from './index.ts';
import type { PrivateJanus } from './janus-process.ts';

/** Collects what connectMediaServer logs. */
function recordingLog() {
  const lines: string[] = [];
  const record = (objOrMsg: unknown, msg?: string) => {
    if (typeof objOrMsg === 'string') return lines.push(objOrMsg);
    const err = (objOrMsg as { err?: Error }).err;
    return lines.push(`${msg ?? ''}${err ? ` (${err.message})` : ''}`);
  };
  return { lines, log: { info: record, warn: record, error: record } };
}

const noJanus = { JANUS_URL: undefined, JANUS_API_SECRET: undefined, JANUS_ADMIN_KEY: undefined };

describe('connectMediaServer', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-media-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is null, at once, without JANUS_URL and without the janus binary', async () => {
    const { lines, log } = recordingLog();
    const started = Date.now();
    const media = await connectMediaServer({ ...noJanus, dataDir }, { log, janusBinary: null });
    expect(media).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    expect(lines.join('\n')).toMatch(/classrooms use the mesh/);
  });

  it('is null with CLASSROOM_MEDIA=mesh, even with JANUS_URL set', async () => {
    const { lines, log } = recordingLog();
    const media = await connectMediaServer(
      { ...noJanus, CLASSROOM_MEDIA: 'mesh', JANUS_URL: 'ws://127.0.0.1:9', dataDir },
      { log },
    );
    expect(media).toBeNull();
    expect(lines.join('\n')).toMatch(/CLASSROOM_MEDIA=mesh/);
  });

  it('keeps retrying an external Janus that is not up yet', async () => {
    const { lines, log } = recordingLog();
    const media = await connectMediaServer(
      { ...noJanus, JANUS_URL: 'ws://127.0.0.1:9', dataDir },
      { log, timeoutMs: 1_000 },
    );
    try {
      expect(media?.kind).toBe('external');
      expect(media?.client.connected).toBe(false);
      expect(lines.join('\n')).toMatch(/not reachable yet; retrying/);
    } finally {
      await media?.close();
    }
  });

  describe.skipIf(!janusBinary)('with Janus installed', () => {
    it('starts a private Janus under DATA_DIR/janus and stops it on close', async () => {
      const { log } = recordingLog();
      const started = Date.now();
      const media = await connectMediaServer({ ...noJanus, dataDir }, { log });
      expect(media?.kind).toBe('private');
      expect(Date.now() - started).toBeLessThan(3_000);
      const janus = media!.janus!;
      expect(janus.configDir).toBe(path.join(dataDir, 'janus'));
      expect(await readFile(path.join(dataDir, 'janus', 'janus.jcfg'), 'utf8')).toContain(
        janus.apiSecret,
      );
      expect(media!.client.connected).toBe(true);
      const id = await media!.client.createRoom({ secret: 's', allowed: ['t'] });
      expect(await media!.client.roomExists(id)).toBe(true);

      await media!.close();
      expect(processExists(janus.pid)).toBe(false);
      expect(await janusProcessesUsing(janus.configDir)).toEqual([]);
    });

    describe('and JANUS_URL set', () => {
      let external: PrivateJanus;

      beforeAll(async () => {
        external = await startTestJanus();
      });

      afterAll(async () => {
        await external?.stop();
      });

      it('uses the external Janus and starts none', async () => {
        const { log } = recordingLog();
        const media = await connectMediaServer(
          {
            JANUS_URL: external.url,
            JANUS_API_SECRET: external.apiSecret,
            JANUS_ADMIN_KEY: external.adminKey,
            dataDir: path.join(dataDir, 'external'),
          },
          { log },
        );
        try {
          expect(media?.kind).toBe('external');
          expect(media?.janus).toBeNull();
          expect(await media!.client.createRoom({ secret: 's', allowed: [] })).toBeGreaterThan(0);
          expect(await janusProcessesUsing(path.join(dataDir, 'external', 'janus'))).toEqual([]);
        } finally {
          await media?.close();
        }
      });

      it('connects every Janus of JANUS_URLS, JANUS_URL first, retrying one that is down', async () => {
        const { lines, log } = recordingLog();
        const media = await connectMediaServer(
          {
            JANUS_URL: external.url,
            JANUS_URLS: ['ws://127.0.0.1:9', external.url],
            JANUS_API_SECRET: external.apiSecret,
            JANUS_ADMIN_KEY: external.adminKey,
            dataDir,
          },
          { log, timeoutMs: 1_000 },
        );
        try {
          expect(media?.kind).toBe('external');
          const clients = media!.clients!;
          expect(clients.map((c) => c.url)).toEqual([external.url, 'ws://127.0.0.1:9']);
          expect(media!.client).toBe(clients[0]);
          expect(clients.map((c) => c.connected)).toEqual([true, false]);
          expect(lines.join('\n')).toMatch(/ws:\/\/127\.0\.0\.1:9 is not reachable yet; retrying/);
        } finally {
          await media?.close();
        }
        expect(media!.clients!.map((c) => c.connected)).toEqual([false, false]);
      });

      it('is null, with the reason logged, when the API secret is wrong', async () => {
        const { lines, log } = recordingLog();
        const media = await connectMediaServer(
          { ...noJanus, JANUS_URL: external.url, JANUS_API_SECRET: 'wrong', dataDir },
          { log },
        );
        expect(media).toBeNull();
        expect(lines.join('\n')).toMatch(/cannot be used.*\(Janus refused create session: 403 /);
      });
    });
  });
});
