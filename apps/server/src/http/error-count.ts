import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';

const MINUTE_MS = 60_000;
const KEY = (minute: number) => `atrium:errors:${minute}`;

/**
 * Issue 29: the server errors (HTTP 5xx) of the last hour, for the admin's dashboard. One
 * counter per minute: in Redis when set (every process adds to the same ones), else here.
 */
export class ErrorCount {
  private readonly local = new Map<number, number>();

  constructor(
    private readonly redis: RedisClientType | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts every 5xx answer of `app`. */
  watch(app: FastifyInstance): void {
    app.addHook('onResponse', (_request, reply, done) => {
      if (reply.statusCode >= 500) this.record();
      done();
    });
  }

  record(): void {
    const minute = Math.floor(this.now().getTime() / MINUTE_MS);
    if (this.redis) {
      void this.redis
        .multi()
        .incr(KEY(minute))
        .expire(KEY(minute), 2 * 60 * 60)
        .exec()
        .catch(() => undefined);
      return;
    }
    this.local.set(minute, (this.local.get(minute) ?? 0) + 1);
    for (const key of this.local.keys()) if (key < minute - 60) this.local.delete(key);
  }

  async lastHour(): Promise<number> {
    const minute = Math.floor(this.now().getTime() / MINUTE_MS);
    const minutes = Array.from({ length: 60 }, (_, i) => minute - i);
    if (this.redis) {
      const values = await this.redis.mGet(minutes.map(KEY));
      return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
    }
    return minutes.reduce((sum, m) => sum + (this.local.get(m) ?? 0), 0);
  }
}
