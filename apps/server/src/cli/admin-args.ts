// The admin CLI's command line: parsed before anything heavy loads, so the tests check every
// wrong line in-process (each run of the bundled CLI costs seconds: it opens the database).
import { parseArgs } from 'node:util';
import { DartsModeSchema, EventFormKind, RoleSchema } from '@atrium/protocol';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --role <admin|teacher|member> --username <name> --email <address>
      Creates an active account. The password is read from standard input,
      or asked for when standard input is a terminal.
  set-role --username <name> --role <admin|teacher|member>
      Changes the role of an account.
  list-users
      Lists every account.
  deploy-contract --rpc-url <url>
      Deploys the AtriumItems contract to a chain (e.g. Polygon Amoy) and lists the
      catalogue. The deployer's private key is read from standard input. Prints the
      WALLET=remote settings to use. Running it again reuses the contract.
  events export <voting|record>
      Writes the voting or record-breaking submissions as CSV to standard output,
      e.g. npm run admin -- events export voting > votes.csv
  leaderboard remove <501|around-the-clock> <username>
      Removes a player's entry (every win of theirs) from a darts leaderboard. With
      REDIS_URL set, running servers redraw their boards at once; else on their next load.

The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR.
`;

/** The command line is wrong: the CLI prints the reason and USAGE, and exits with 2. */
export class UsageError extends Error {}

/** The command and its options, or a UsageError saying what is wrong. */
export function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'events') {
    const [action, kind, ...extra] = rest;
    if (action !== 'export') throw new UsageError('events needs: export <voting|record>');
    const parsed = EventFormKind.safeParse(kind);
    if (!parsed.success) throw new UsageError(`Unknown submission kind: ${kind ?? '(none)'}`);
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
    return { command: 'events-export', kind: parsed.data } as const;
  }
  if (command === 'leaderboard') {
    const [action, mode, username, ...extra] = rest;
    if (action !== 'remove' || !username) {
      throw new UsageError('leaderboard needs: remove <501|around-the-clock> <username>');
    }
    const parsed = DartsModeSchema.safeParse(mode);
    if (!parsed.success) throw new UsageError(`Unknown darts mode: ${mode ?? '(none)'}`);
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
    return { command: 'leaderboard-remove', mode: parsed.data, username } as const;
  }
  if (command === 'deploy-contract') {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { 'rpc-url': { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    const rpcUrl = values['rpc-url'];
    if (!rpcUrl || !/^https?:\/\//.test(rpcUrl)) {
      throw new UsageError('deploy-contract needs --rpc-url <http(s) URL>');
    }
    return { command: 'deploy-contract', rpcUrl } as const;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      role: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const role = values.role === undefined ? undefined : RoleSchema.safeParse(values.role);
  if (role && !role.success) throw new UsageError(`Unknown role: ${values.role}`);
  switch (command) {
    case 'create-user':
      if (!role || !values.username || !values.email) {
        throw new UsageError('create-user needs --role, --username and --email');
      }
      return { command, role: role.data, username: values.username, email: values.email } as const;
    case 'set-role':
      if (!role || !values.username) throw new UsageError('set-role needs --username and --role');
      return { command, role: role.data, username: values.username } as const;
    case 'list-users':
      if (role || values.username || values.email)
        throw new UsageError('list-users takes no options');
      return { command } as const;
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}
