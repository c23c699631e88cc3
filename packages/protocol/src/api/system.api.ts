import { defineRoute } from '../http/route.ts';
import { HealthResponseSchema, ReadyResponseSchema } from '../system.ts';

const tags = ['system'] as const;

/**
 * The first segment of the API's paths (SPEC §7's legacy roots such as `/apiscreenshot` aside).
 * Answers under `${API_PREFIX}/` are JSON: they get the API's security headers and timing.
 */
export const API_PREFIX = '/api';
/** socket.io's HTTP path: its polling requests and its WebSocket upgrade. */
export const SOCKET_PATH = '/api/socket';
/** The OpenAPI document's Swagger UI (a page, not a JSON answer). */
export const API_DOCS_PATH = '/api/docs';

/** Liveness and readiness probes. */
export const SystemApi = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    response: HealthResponseSchema,
    tags,
    errors: [],
    summary: 'The process is alive',
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    response: ReadyResponseSchema,
    tags,
    errors: [503],
    summary: 'The database answers',
  }),
} as const;

/**
 * Paths for operators, served only when configured (`METRICS_TOKEN`; `NODE_ENV=development`), so
 * they are not in `ApiRoutes`, whose routes every server serves.
 */
export const OperationsApi = {
  /** Prometheus text, behind `Authorization: Bearer <METRICS_TOKEN>`. */
  metrics: defineRoute({
    method: 'GET',
    path: '/metrics',
    tags,
    errors: [401],
    summary: 'Prometheus metrics',
    hidden: true,
  }),
  /** The development mail outbox as a page. */
  devMail: defineRoute({
    method: 'GET',
    path: '/dev/mail',
    tags,
    errors: [],
    summary: 'Mails the server would have sent (development)',
    hidden: true,
  }),
} as const;
