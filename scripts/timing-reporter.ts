// A vitest reporter for the closing summary: the test count, each project's wall time (its first
// file's start to its last file's end) and the ten slowest files, so the next person sees where
// the suite's time goes. `npm test` (scripts/test.mjs) adds it beside the default reporter and
// sets ATRIUM_TIMING_SUMMARY: then the figures go to that file as JSON, and test.mjs prints one
// summary of its two vitest processes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  start: number;
  end: number;
  files: number;
  tests: number;
}

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();
  private readonly runStart = Date.now();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.id, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const projects = new Map<string, Span>();
    const files: Array<{ file: string; ms: number }> = [];
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const now = Date.now();
    for (const module of modules) {
      const ms = module.diagnostic().duration;
      const end = this.ended.get(module.id) ?? now;
      const start = this.started.get(module.id) ?? end - ms;
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests += 1;
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      const name = module.project.name || 'default';
      const span = projects.get(name) ?? { start, end, files: 0, tests: 0 };
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
      span.files += 1;
      span.tests += tests;
      projects.set(name, span);
      files.push({ file: path.relative(process.cwd(), module.moduleId), ms });
    }
    const summaryFile = process.env.ATRIUM_TIMING_SUMMARY;
    if (summaryFile) {
      writeFileSync(
        summaryFile,
        JSON.stringify({
          passed,
          failed,
          skipped,
          projects: [...projects].map(([name, span]) => ({
            name,
            files: span.files,
            tests: span.tests,
            startMs: span.start,
            endMs: span.end,
          })),
          files: files.map(({ file, ms }) => ({ file, seconds: ms / 1000 })),
        }),
      );
      return;
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      '',
      'Where the time went (wall time: the first file starts to the last file ends):',
    ];
    for (const [name, span] of [...projects].sort((a, b) => a[1].start - b[1].start)) {
      lines.push(
        `  ${name.padEnd(10)} ${String(span.files).padStart(4)} files ${String(span.tests).padStart(5)} tests  ` +
          `${seconds(span.end - span.start).padStart(8)}  (from +${seconds(span.start - this.runStart)} to +${seconds(span.end - this.runStart)})`,
      );
    }
    lines.push('', 'The ten slowest files:');
    for (const { file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
      lines.push(`  ${seconds(ms).padStart(8)}  ${file}`);
    }
    lines.push('', `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
