import { API_DOCS_PATH, OperationsApi } from '@atrium/protocol';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoCampus } from './db/seed.ts';
import type { DemoAccount } from './db/seed.ts';
import { databaseTarget } from './db/target.ts';
import { serializeError } from './http/logging.ts';
import { connectMediaServer } from './media/janus/index.ts';
import type { MediaServer } from './media/janus/index.ts';
import type { ChainConnection } from './chain/chain.ts';
import { startEmbeddedChain } from './chain/local-chain.ts';
import type { LocalChain } from './chain/local-chain.ts';

function printBanner(config: Config, accounts: DemoAccount[] | undefined): void {
  const lines = [
    ``,
    `  Atrium is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}${API_DOCS_PATH}`,
  ];
  if (!config.PUBLIC_URL) {
    // The live campus accepts only its own origins (issue #12, DNS rebinding): say so at once.
    lines.push(
      `  Opened from another machine? Set PUBLIC_URL to the address visitors use (e.g. http://192.168.1.20:${config.PORT}).`,
    );
  }
  if (!config.SMTP_URL) {
    lines.push(
      config.NODE_ENV === 'development'
        ? `  Mail: no SMTP_URL, so account mails are listed at ${config.publicUrl}${OperationsApi.devMail.path}`
        : `  Mail: no SMTP_URL, so account mails are only kept in the database (NODE_ENV=development lists them at ${OperationsApi.devMail.path})`,
    );
  }
  if (accounts) {
    lines.push(
      ``,
      `  Demo campus created. These passwords are shown only once:`,
      ...accounts.map(
        (a) => `    ${a.role.padEnd(8)} username: ${a.username.padEnd(8)} password: ${a.password}`,
      ),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(databaseTarget(config));
  await database.migrate();
  const accounts = config.SEED_DEMO ? await seedDemoCampus(database.db) : undefined;
  // The classroom reads the media server through this as soon as it is connected.
  let mediaServer: MediaServer | null = null;
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  // The wallet reads the local chain through this once it has started (WALLET=local).
  let localChain: ChainConnection | null = null;
  const app = await buildApp({
    config,
    database,
    media: () => mediaServer,
    mediaSettled: () => settled,
    ...(config.WALLET === 'local' ? { chain: () => localChain } : {}),
  });

  let media: Promise<MediaServer | null> = Promise.resolve(null);
  let chain: Promise<LocalChain | null> = Promise.resolve(null);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await (await media)?.close();
    await (await chain)?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  printBanner(config, accounts);
  // The classroom's SFU, in the background: the server never waits for Janus to serve. The
  // classroom feature takes it through FeatureDeps.media once it is here.
  media = connectMediaServer(config, { log: app.log })
    .then(
      (server) => {
        mediaServer = server;
        return server;
      },
      (err: unknown) => {
        app.log.error({ err }, 'Janus could not be set up; classrooms use the mesh');
        return null;
      },
    )
    .finally(settle);
  // The local chain, in the background too: wallet routes answer "cannot be reached" until then.
  if (config.WALLET === 'local') {
    chain = startEmbeddedChain(config, app.log).then(
      (started) => {
        if (closing) {
          void started.close();
          return null;
        }
        localChain = started.connection;
        process.stdout.write(
          `  Wallet: local chain ${started.connection.chainId} ready, contract ${started.connection.contractAddress}, demo wallet ${started.demoAddress} (its key is in docs/operations.md)\n`,
        );
        return started;
      },
      (err: unknown) => {
        app.log.error({ err }, 'the local chain could not be started; the wallet is unavailable');
        return null;
      },
    );
  }
}

/** A startup failure for the terminal; a failed query shows its code, never its parameters. */
function describeStartupError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const safe = serializeError(err);
  if (safe.type !== 'DatabaseError') return err.stack ?? err.message;
  const where = [safe.code, safe.constraint, safe.table].filter(Boolean).join(' ');
  return `database error ${where}: ${safe.message}\n${safe.stack}`;
}

main().catch((err: unknown) => {
  process.stderr.write(`Atrium failed to start: ${describeStartupError(err)}\n`);
  process.exit(1);
});
