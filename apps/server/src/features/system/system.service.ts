import { CommonText } from '@atrium/protocol';
import type { Database } from '../../db/database.ts';
import { unavailable } from '../../http/errors.ts';
import { SERVER_VERSION } from '../../paths.ts';

const READY_TIMEOUT_MS = 2000;

/** Liveness and readiness: what a load balancer or an orchestrator asks before sending traffic. */
export class SystemService {
  constructor(private readonly database: Database) {}

  /** Alive: the process answers, with how long it has run and which version it is. */
  health(): { uptime: number; version: string } {
    return { uptime: Math.round(process.uptime()), version: SERVER_VERSION };
  }

  /** Ready: the database answers within 2 s; else 503 with the spec's text. */
  async ready(): Promise<{ database: Database['kind']; latencyMs: number }> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw unavailable(CommonText.databaseUnavailable);
    } finally {
      clearTimeout(timer);
    }
    return {
      database: this.database.kind,
      latencyMs: Math.round(performance.now() - started),
    };
  }
}
