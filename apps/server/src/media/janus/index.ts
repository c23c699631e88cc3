// Which Janus the classroom uses: the ones at JANUS_URL and JANUS_URLS, else a private one when
// the `janus` binary is installed, else none (the classroom then falls back to its mesh of up to 4).
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import { janusUrlsOf } from '../../config/config.ts';
import { JanusClient } from './janus-client.ts';
import type { PrivateJanus } from './janus-process.ts';
import { findJanusBinary, startPrivateJanus } from './janus-process.ts';
import { janusTurn } from '../turn.ts';

export { JanusClient } from './janus-client.ts';
export type { CreateRoomOptions, JanusClientEvents, RoomParticipant } from './janus-client.ts';
export { JanusError, JanusUnavailableError, VIDEOROOM_ERROR } from './janus-errors.ts';
export { janusAnswers, janusCandidate } from './janus-answers.ts';
export type {
  JanusPeer,
  JanusPublisher,
  JanusSubscriber,
  Jsep,
  SubscribedStream,
  TrickleCandidate,
} from './janus-peer.ts';

/** The connected Janus clients and what runs them. */
export interface MediaServer {
  /** `external`: JANUS_URL(S); `private`: a Janus this server started under DATA_DIR/janus. */
  kind: 'external' | 'private';
  /** The first (or only) Janus. */
  client: JanusClient;
  /**
   * Every Janus (JANUS_URLS, issue 28 §6), `client` first; absent means `client` alone (a
   * private Janus, and tests that hand in one client). Read it through {@link mediaClients}.
   */
  clients?: JanusClient[];
  /** The private Janus process, when this server started one. */
  janus: PrivateJanus | null;
  /** Closes the client, then stops the private Janus if any. */
  close(): Promise<void>;
}

/** Every Janus of a media server, the first being `media.client`. */
export const mediaClients = (media: MediaServer): JanusClient[] => media.clients ?? [media.client];

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
    Partial<Pick<Config, 'JANUS_URLS' | 'CLASSROOM_MEDIA' | 'TURN_URLS' | 'TURN_SECRET'>>,
  options: MediaServerOptions,
): Promise<MediaServer | null> {
  const { log } = options;
  if (config.CLASSROOM_MEDIA === 'mesh') {
    log.info('CLASSROOM_MEDIA=mesh: classrooms use the mesh (at most 4 people per room)');
    return null;
  }
  const timeoutMs = options.timeoutMs ?? 3_000;

  const urls = janusUrlsOf(config);
  if (urls.length > 0) {
    // All at once: one Janus that is slow to answer does not hold up the others.
    const connected = await Promise.all(
      urls.map(async (url) => {
        try {
          const client = await JanusClient.connect({
            url,
            apiSecret: config.JANUS_API_SECRET,
            adminKey: config.JANUS_ADMIN_KEY,
            connectTimeoutMs: timeoutMs,
            retryFirstConnection: true,
          });
          if (!client.connected) {
            log.warn(`Janus at ${url} is not reachable yet; retrying in the background`);
          }
          return client;
        } catch (err) {
          // A refusal (wrong secret) does not heal by retrying: that server is left out.
          const fallback = urls.length > 1 ? 'it is left out' : 'classrooms use the mesh';
          log.error({ err }, `Janus at ${url} cannot be used; ${fallback}`);
          return null;
        }
      }),
    );
    const clients = connected.filter((client): client is JanusClient => client !== null);
    const [client] = clients;
    if (!client) {
      if (urls.length > 1) log.error('No Janus of JANUS_URLS can be used; classrooms use the mesh');
      return null;
    }
    return {
      kind: 'external',
      client,
      clients,
      janus: null,
      close: async () => {
        await Promise.all(clients.map((each) => each.close()));
      },
    };
  }

  const binary = options.janusBinary === undefined ? findJanusBinary() : options.janusBinary;
  if (!binary) {
    log.info('Janus is not installed and JANUS_URL(S) is not set; classrooms use the mesh');
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
