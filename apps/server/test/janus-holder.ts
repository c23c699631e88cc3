// Run as a child process by janus-process.test.ts: starts a private Janus in the folder given as
// the first argument, prints its pid, and waits to be killed.
import { startPrivateJanus } from '../src/media/janus/janus-process.ts';

const janus = await startPrivateJanus({ dir: process.argv[2] ?? '' });
process.stdout.write(`${janus.pid}\n`);
setInterval(() => undefined, 60_000);
