import { describe, expect, it } from 'vitest';
import { jsonLines } from './stream.ts';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });

describe('jsonLines', () => {
  it('yields each line once whole, however the chunks cut it', async () => {
    const lines: unknown[] = [];
    const body = streamOf([
      '{"done":0,"to',
      'tal":2}\n{"done":2,"total":2}\n\n{"sta',
      'tus":true}',
    ]);
    for await (const line of jsonLines(body)) lines.push(line);
    expect(lines).toEqual([{ done: 0, total: 2 }, { done: 2, total: 2 }, { status: true }]);
  });

  it('skips a line that is not JSON', async () => {
    const lines: unknown[] = [];
    for await (const line of jsonLines(streamOf(['oops\n{"a":1}\n']))) lines.push(line);
    expect(lines).toEqual([{ a: 1 }]);
  });
});
