import { createInterface } from 'node:readline';
import { AdminText, adminText } from '@atrium/protocol';
import type { DartsMode } from '@atrium/protocol';
import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { UsersRepository } from '../accounts/users.repository.ts';
import { UsersService } from '../accounts/users.service.ts';
import { AuditRepository } from '../accounts/audit.repository.ts';
import { AppError } from '../http/errors.ts';
import { MemoryRateLimiter } from '../http/rate-limit.ts';
import { databaseTarget } from '../db/target.ts';
import { deployToChain } from '../chain/deploy-remote.ts';
import { submissionsCsv } from '../features/events/events.csv.ts';
import { EventsRepository, toSubmission } from '../features/events/events.repository.ts';
import { MinigameRepository } from '../features/minigame/minigame.repository.ts';
import { MinigameService } from '../features/minigame/minigame.service.ts';
import { SanctionsRepository } from '../moderation/sanctions.repository.ts';
import { SessionGate } from '../moderation/session-gate.ts';
import type { SessionEnd } from '../moderation/session-gate.ts';
import { parse, USAGE } from './admin-args.ts';

async function readPassword(prompt = 'Password: '): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: write the prompt once, then swallow echoed characters.
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write(prompt);
  output._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return password;
}

/** A Redis client for the command's length, when the campus runs with one. */
async function withRedis<T>(
  redisUrl: string | undefined,
  use: (redis: RedisClientType | undefined) => Promise<T>,
): Promise<T> {
  const redis: RedisClientType | undefined = redisUrl ? createClient({ url: redisUrl }) : undefined;
  await redis?.connect();
  try {
    return await use(redis);
  } finally {
    await redis?.quit();
  }
}

/** The leaderboard's keeping, as an admin's API call does it; Redis tells running servers. */
function removeLeaderboardEntry(
  database: Awaited<ReturnType<typeof openDatabase>>,
  redisUrl: string | undefined,
  entry: { mode: DartsMode; username: string },
) {
  return withRedis(redisUrl, (redis) =>
    new MinigameService({
      repo: new MinigameRepository(database.db),
      limiter: new MemoryRateLimiter(),
      io: () => null,
      redis,
    }).removeWins(entry.mode, entry.username),
  );
}

/**
 * Ends a person's sessions as the console does (issue 29): their tokens are void on every
 * server, and through Redis each running server closes their connections with `end`'s message.
 * Without Redis the revocation is stored, and a server reads it when it starts.
 */
function endSessions(
  database: Awaited<ReturnType<typeof openDatabase>>,
  redisUrl: string | undefined,
  subject: string,
  end: SessionEnd,
) {
  return withRedis(redisUrl, (redis) =>
    new SessionGate(new SanctionsRepository(database.db), redis, console).revoke(subject, end),
  );
}

async function run(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (args.command === 'deploy-contract') {
    // The key comes on standard input, never as an argument (it would stay in the shell history).
    const key = await readPassword('Deployer private key: ');
    try {
      const deployment = await deployToChain(config, { rpcUrl: args.rpcUrl, deployerKey: key });
      process.stdout.write(
        `${deployment.deployed ? 'Deployed' : 'Reused'} AtriumItems at ${deployment.contractAddress} on chain ${deployment.chainId}.\n` +
          `Set:\n  WALLET=remote\n  CHAIN_RPC_URL=${args.rpcUrl}\n  CHAIN_ID=${deployment.chainId}\n  CHAIN_CONTRACT_ADDRESS=${deployment.contractAddress}\n`,
      );
      return 0;
    } catch (err) {
      process.stderr.write(
        `Deployment failed: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      return 1;
    }
  }
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    const users = new UsersService(new UsersRepository(database.db));
    // Issue 29: the CLI's changes to accounts are in the audit log too, by `cli`.
    const audit = new AuditRepository(database.db);
    const byCli = { actorId: null, actorName: 'cli', address: null } as const;
    switch (args.command) {
      case 'create-user': {
        const password = await readPassword();
        const user = await users.createAccount({ ...args, password });
        await audit.write({
          ...byCli,
          action: 'person.create',
          targetId: user.id,
          targetLabel: user.username,
          after: { username: user.username, email: user.email, role: user.role },
        });
        process.stdout.write(
          `Created ${user.role} ${user.username} <${user.email}> (${user.id})\n`,
        );
        return 0;
      }
      case 'set-role': {
        const before = await new UsersRepository(database.db).findByUsername(args.username);
        const user = await users.setRole(args.username, args.role);
        if (before?.role !== user.role) {
          await audit.write({
            ...byCli,
            action: 'person.role',
            targetId: user.id,
            targetLabel: user.username,
            before: { role: before?.role ?? null },
            after: { role: user.role },
          });
          // The old role's tokens and connections end; the pages renew with the new role.
          await endSessions(database, config.REDIS_URL, user.id, {
            reason: 'role',
            message: adminText(AdminText.roleChanged, { role: user.role }),
          });
        }
        process.stdout.write(`${user.username} is now ${user.role}\n`);
        return 0;
      }
      case 'list-users': {
        const rows = await users.list();
        if (rows.length === 0) process.stdout.write('No users.\n');
        for (const u of rows) {
          process.stdout.write(
            `${u.username}\t${u.email}\t${u.role}\tstatus=${u.status}\t${u.createdAt.toISOString()}\n`,
          );
        }
        return 0;
      }
      case 'events-export': {
        // The CLI is the server's operator, so it reads the rows directly (no admin token).
        const rows = await new EventsRepository(database.db).list(args.kind);
        process.stdout.write(submissionsCsv(rows.map(toSubmission)));
        process.stderr.write(`${rows.length} ${args.kind} submission(s) exported.\n`);
        return 0;
      }
      case 'leaderboard-remove': {
        const removed = await removeLeaderboardEntry(database, config.REDIS_URL, args);
        process.stdout.write(
          `Removed ${removed.username} from the ${removed.mode} leaderboard (${removed.removed} win(s)).\n`,
        );
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof AppError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(err instanceof ConfigError ? `${err.message}\n` : `${String(err)}\n`);
    process.exit(1);
  },
);
