import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, loggerOptions } from './logging.ts';

describe('request loggers', () => {
  it('are built only when a request logs, with its id and the redaction', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions('warn', { write: (line) => void lines.push(line) }),
      childLoggerFactory: lazyChildLogger,
      disableRequestLogging: true,
    });
    app.get('/quiet', async (request) => {
      request.log.info('below the level');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ password: 'hunter2', user: { token: 't' } }, 'probe');
      return { ok: true };
    });
    const child = vi.spyOn(app.log, 'child');
    try {
      await app.inject('/quiet');
      await app.inject('/quiet');
      expect(lines).toEqual([]);
      expect(child).not.toHaveBeenCalled();

      await app.inject('/loud');
      expect(child).toHaveBeenCalledTimes(1);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '')).toMatchObject({
        level: 40,
        reqId: expect.stringMatching(/^req-/),
        msg: 'probe',
        password: '[redacted]',
        user: { token: '[redacted]' },
      });
    } finally {
      await app.close();
    }
  });
});
