// What a feature tells the page when Janus refuses or is gone: the feature's own texts, the same
// mapping for the classroom and the world's voice.
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, unavailable } from '../../http/errors.ts';
import { JanusError, JanusUnavailableError } from './janus-errors.ts';
import type { TrickleCandidate } from './janus-peer.ts';

export interface JanusTexts {
  /** Janus cannot be reached (503). */
  unavailable: string;
  /** Janus refused the request (400, with Janus's reason after it). */
  failed: string;
}

/**
 * Returns a runner for Janus requests: an unreachable Janus becomes 503 with `texts.unavailable`,
 * a refusal 400 with `texts.failed (reason)`; our own errors and anything else pass unchanged.
 */
export function janusAnswers(texts: JanusTexts, log: FastifyBaseLogger, what: string) {
  return async function janus<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof JanusUnavailableError) throw unavailable(texts.unavailable);
      if (err instanceof JanusError) {
        log.warn({ err }, `Janus refused a ${what} request`);
        throw badRequest(`${texts.failed} (${err.reason})`);
      }
      throw err;
    }
  };
}

/** A page's ICE candidate (`IceCandidateSchema`) as Janus's trickle takes it: absent fields null. */
export function janusCandidate(candidate: TrickleCandidate): TrickleCandidate {
  return 'completed' in candidate
    ? { completed: true }
    : {
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid ?? null,
        sdpMLineIndex: candidate.sdpMLineIndex ?? null,
      };
}
