// Which Janus the classroom uses: the one at JANUS_URL, else a private one when the `janus`
// binary is installed, else none (the classroom then falls back to its mesh of up to 4).
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import { JanusClient } from './janus-client.ts';
import type { PrivateJanus } from './janus-process.ts';
import { findJanusBinary, startPrivateJanus } from './janus-process.ts';
import { janusTurn } from '../turn.ts';

export { JanusClient } from './janus-client.ts';
export type { CreateRoomOptions, JanusClientEvents, RoomParticipant } from './janus-client.ts';
export { JanusError, JanusUnavailableError, VIDEOROOM_ERROR } from './janus-errors.ts';
export type {
  JanusPeer,
  JanusPublisher,
  JanusSubscriber,
  Jsep,
  SubscribedStream,
  TrickleCandidate,
} from './janus-peer.ts';

/** A connected Janus client and what runs it. */
export interface MediaServer {
  /** `external`: JANUS_URL; `private`: a Janus this server started under DATA_DIR/janus. */
  kind: 'external' | 'private';
  client: JanusClient;
  /** The private Janus process, when this server started one. */
  janus: PrivateJanus | null;
  /** Closes the client, then stops the private Janus if any. */
  close(): Promise<void>;
}

export interface MediaServerOptions {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The `janus` executable; `null` means "not installed". Defaults to the one on PATH. */
  janusBinary?: string | null;
  /** How long startup may wait for Janus. */
  timeoutMs?: number;
}

/**
 * Connects the classroom's media server. Never throws: when Janus cannot be had it logs why and
 * resolves with null. An external Janus that is down at startup is retried in the background.
 */
export async function connectMediaServer(
  config: Pick<Config, 'JANUS_URL' | 'JANUS_API_SECRET' | 'JANUS_ADMIN_KEY' | 'dataDir'> &
    Partial<Pick<Config, 'CLASSROOM_MEDIA' | 'TURN_URLS' | 'TURN_SECRET'>>,
  options: MediaServerOptions,
): Promise<MediaServer | null> {
  const { log } = options;
  if (config.CLASSROOM_MEDIA === 'mesh') {
    log.info('CLASSROOM_MEDIA=mesh: classrooms use the mesh (at most 4 people per room)');
    return null;
  }
  const timeoutMs = options.timeoutMs ?? 3_000;

  if (config.JANUS_URL) {
    try {
      const client = await JanusClient.connect({
        url: config.JANUS_URL,
        apiSecret: config.JANUS_API_SECRET,
        adminKey: config.JANUS_ADMIN_KEY,
        connectTimeoutMs: timeoutMs,
        retryFirstConnection: true,
      });
      if (!client.connected) {
        log.warn(`Janus at ${config.JANUS_URL} is not reachable yet; retrying in the background`);
      }
      return { kind: 'external', client, janus: null, close: () => client.close() };
    } catch (err) {
      log.error({ err }, `Janus at ${config.JANUS_URL} cannot be used; classrooms use the mesh`);
      return null;
    }
  }

  const binary = options.janusBinary === undefined ? findJanusBinary() : options.janusBinary;
  if (!binary) {
    log.info('Janus is not installed and JANUS_URL is not set; classrooms use the mesh');
    return null;
  }
  const turn = janusTurn(config);
  let janus: PrivateJanus;
  try {
    janus = await startPrivateJanus({
      dir: path.join(config.dataDir, 'janus'),
      binary,
      startTimeoutMs: timeoutMs,
      // With TURN configured, Janus gathers relay candidates of its own too.
      ...(turn ? { turn } : {}),
    });
  } catch (err) {
    log.warn({ err }, 'The private Janus did not start; classrooms use the mesh');
    return null;
  }
  try {
    const client = await JanusClient.connect({
      url: janus.url,
      apiSecret: janus.apiSecret,
      adminKey: janus.adminKey,
      connectTimeoutMs: timeoutMs,
    });
    log.info(`Private Janus running at ${janus.url} (pid ${janus.pid})`);
    return {
      kind: 'private',
      client,
      janus,
      close: async () => {
        await client.close();
        await janus.stop();
      },
    };
  } catch (err) {
    await janus.stop();
    log.warn({ err }, 'Could not connect to the private Janus; classrooms use the mesh');
    return null;
  }
}
