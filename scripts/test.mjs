#!/usr/bin/env node
// `npm test`: every vitest project, as two vitest processes that run at the same time: the unit
// projects (Node: protocol, server, web, world, chain, lint) and the e2e project (Chromium against
// the built app). Vitest runs one project group after another and gives a group one worker count,
// so in one process the e2e files (one at a time, on one app) could only start once the last
// server file had ended, and on two cores the unit files ran on one core while the other waited.
// Measured on this 2-core machine: units 340 s then e2e 693 s one after the other; side by side,
// see docs/benchmarks.md ("Test suite").
//
// Arguments go to both processes (`npm test -- e2e/chat.test.ts`, `npm test -- -t darts`); a
// process that matches no file passes. With `--project`, one vitest runs just as `vitest run` would.
// Each line of output is marked with its process; the end is one summary of both: the count,
// each project's wall time and the ten slowest files (scripts/timing-reporter.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);
const reporters = args.some((a) => a.startsWith('--reporter'))
  ? []
  : ['--reporter=default', '--reporter=./scripts/timing-reporter.ts'];

if (args.some((a) => a === '--project' || a.startsWith('--project='))) {
  const child = spawn(process.execPath, [vitest, 'run', ...reporters, ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
} else {
  await runBoth();
}

async function runBoth() {
  const unitProjects = ['protocol', 'server', 'web', 'world', 'chain', 'lint'];
  const summaries = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  const started = Date.now();
  const runs = [
    { name: 'e2e', projects: ['e2e'] },
    { name: 'unit', projects: unitProjects },
  ].map(({ name, projects }) => {
    const summary = path.join(summaries, `${name}.json`);
    const child = spawn(
      process.execPath,
      [
        vitest,
        'run',
        '--passWithNoTests',
        ...projects.flatMap((p) => ['--project', p]),
        ...reporters,
        ...args,
      ],
      {
        cwd: root,
        env: { ...process.env, ATRIUM_TIMING_SUMMARY: summary },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // The e2e files are the longest chain (one file at a time, about 600 s on 2 cores); the unit
    // files, done long before, give way to them when both want a core.
    if (name === 'unit' && child.pid) os.setPriority(child.pid, 5);
    const tag = `[${name}]`.padEnd(7);
    prefixLines(child.stdout, process.stdout, tag);
    prefixLines(child.stderr, process.stderr, tag);
    const exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1))),
    );
    // Ctrl-C stops both.
    process.on('SIGINT', () => child.kill('SIGINT'));
    return { name, summary, exited };
  });
  const codes = await Promise.all(runs.map((r) => r.exited));
  printSummary(
    runs.map((r) => readSummary(r.summary)).filter(Boolean),
    started,
    (Date.now() - started) / 1000,
  );
  rmSync(summaries, { recursive: true, force: true });
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}

/** Copies `from` to `to` line by line, each line marked with `tag`. */
function prefixLines(from, to, tag) {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) to.write(lines.map((l) => `${tag}${l}\n`).join(''));
  });
  from.on('end', () => {
    if (rest) to.write(`${tag}${rest}\n`);
  });
}

function readSummary(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function printSummary(parts, startedMs, wallSeconds) {
  const seconds = (s) => `${s.toFixed(1)} s`;
  const projects = parts
    .flatMap((p) => p.projects)
    .map((p) => ({ ...p, from: (p.startMs - startedMs) / 1000, to: (p.endMs - startedMs) / 1000 }))
    .sort((a, b) => a.from - b.from);
  const files = parts.flatMap((p) => p.files).sort((a, b) => b.seconds - a.seconds);
  const count = (key) => parts.reduce((n, p) => n + p[key], 0);
  const lines = [
    '',
    'Where the time went (wall time of each project: its first file starts to its last file ends;',
    'the unit projects and e2e run side by side):',
  ];
  for (const p of projects) {
    lines.push(
      `  ${p.name.padEnd(10)} ${String(p.files).padStart(4)} files ${String(p.tests).padStart(5)} tests  ` +
        `${seconds(p.to - p.from).padStart(8)}  (from +${seconds(p.from)} to +${seconds(p.to)})`,
    );
  }
  lines.push('', 'The ten slowest files:');
  for (const f of files.slice(0, 10)) lines.push(`  ${seconds(f.seconds).padStart(8)}  ${f.file}`);
  const skipped = count('skipped');
  lines.push(
    '',
    `npm test: ${seconds(wallSeconds)} wall time; ${count('passed')} passed, ${count('failed')} failed` +
      `${skipped ? `, ${skipped} skipped` : ''}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
