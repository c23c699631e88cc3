import { describe, expect, it } from 'vitest';
import { createSpeakingDetector, SPEAKING_LEVELS } from './voiceSpeaking.ts';

const { on, off, holdMs } = SPEAKING_LEVELS;

describe('createSpeakingDetector', () => {
  it('rings a voice over the threshold, keeps it between words, and lets it go after a pause', () => {
    const changes: string[] = [];
    const detector = createSpeakingDetector((id, speaking) => changes.push(`${id} ${speaking}`));
    const at = (t: number, levels: Record<string, number>) =>
      detector.read(new Map(Object.entries(levels)), t);

    at(0, { ada: on / 2, bob: off / 2 }); // murmurs and a quiet room ring nobody
    expect(changes).toEqual([]);
    at(250, { ada: on, bob: 0 });
    expect(changes).toEqual(['ada true']);
    at(500, { ada: off / 2 }); // a pause between words...
    at(500 + holdMs - 1, { ada: (on + off) / 2 }); // ...then speech again (over `off`)
    at(500 + holdMs + 100, { ada: off / 2 });
    expect(changes).toEqual(['ada true']);
    at(500 + 2 * holdMs + 100, { ada: off / 2 }); // quiet for the whole hold
    expect(changes).toEqual(['ada true', 'ada false']);
  });

  it('counts a voice left out of a reading as silent, and clear() stops everyone talking', () => {
    const changes: string[] = [];
    const detector = createSpeakingDetector((id, speaking) => changes.push(`${id} ${speaking}`));
    detector.read(
      new Map([
        ['ada', 0.5],
        ['bob', 0.5],
      ]),
      0,
    );
    detector.read(new Map([['bob', 0.5]]), 100);
    detector.read(new Map([['bob', 0.5]]), 100 + holdMs);
    expect(changes).toEqual(['ada true', 'bob true', 'ada false']);
    detector.clear();
    expect(changes).toEqual(['ada true', 'bob true', 'ada false', 'bob false']);
    detector.clear();
    expect(changes).toHaveLength(4);
  });
});
