import { parseStreamInput, type StreamInput } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createCamera } from '../camera.ts';
import { createInputState } from '../input.ts';
import type { InputSink } from './dom-input.ts';
import { applyStreamInput } from './remote-input.ts';

const box = { left: 10, top: 20, width: 640, height: 360 };

const sinkWithWalks = () => {
  const walks: { x: number; y: number }[] = [];
  const sink: InputSink = {
    input: createInputState(),
    camera: createCamera(),
    walkTo: (x, y) => void walks.push({ x, y }),
  };
  return { sink, walks };
};

const apply = (sink: InputSink, raw: string) => {
  const message = parseStreamInput(raw);
  if (message) applyStreamInput(sink, message, box);
  return message;
};

describe('a streamed viewer’s input', () => {
  it('walks, runs, turns, zooms, clicks and double-click-walks the world as its own keys and mouse do', () => {
    const { sink, walks } = sinkWithWalks();
    apply(sink, JSON.stringify({ t: 'keydown', code: 'KeyW' }));
    apply(sink, JSON.stringify({ t: 'keydown', code: 'ShiftLeft' }));
    expect(sink.input).toMatchObject({ forward: true, run: true });
    apply(sink, JSON.stringify({ t: 'keyup', code: 'KeyW' }));
    expect(sink.input.forward).toBe(false);
    apply(sink, JSON.stringify({ t: 'blur' }));
    expect(sink.input.run).toBe(false);

    // A held key's repeats do not jump again; the first press does.
    apply(sink, JSON.stringify({ t: 'keydown', code: 'Space' }));
    apply(sink, JSON.stringify({ t: 'keydown', code: 'Space', repeat: true }));
    expect(sink.input.actions).toEqual([{ type: 'jump' }]);

    const camera = sink.camera;
    apply(sink, JSON.stringify({ t: 'drag', dx: 40, dy: -10 }));
    expect(sink.camera.yaw).not.toBe(camera.yaw);
    const zoomed = sink.camera;
    apply(sink, JSON.stringify({ t: 'wheel', dy: 200 }));
    expect(sink.camera).not.toEqual(zoomed);

    apply(sink, JSON.stringify({ t: 'click', x: 0.5, y: 0.25 }));
    expect(sink.lastClick).toEqual({ x: 330, y: 110 });
    expect(sink.input.actions.at(-1)).toEqual({ type: 'interact' });
    apply(sink, JSON.stringify({ t: 'dblclick', x: 1, y: 1 }));
    expect(walks).toEqual([{ x: 650, y: 380 }]);
  });

  it('ignores anything that is not an input message, changing nothing', () => {
    const { sink, walks } = sinkWithWalks();
    const before = { input: sink.input, camera: sink.camera };
    const bad: unknown[] = [
      'not json',
      '{}',
      JSON.stringify({ t: 'keydown' }),
      JSON.stringify({ t: 'keydown', code: 'Key W' }),
      JSON.stringify({ t: 'keydown', code: 'KeyW', extra: 1 }),
      JSON.stringify({ t: 'drag', dx: 1e9, dy: 0 }),
      JSON.stringify({ t: 'wheel', dy: 'NaN' }),
      JSON.stringify({ t: 'click', x: 1.5, y: 0 }),
      JSON.stringify({ t: 'dblclick', x: -0.1, y: 0.5 }),
      JSON.stringify({ t: 'eval', code: 'alert(1)' }),
      JSON.stringify({ t: 'keydown', code: 'KeyW', pad: 'x'.repeat(300) }),
      new ArrayBuffer(8),
      42,
    ];
    for (const raw of bad) {
      const message: StreamInput | null = parseStreamInput(raw);
      expect(message, String(raw)).toBeNull();
    }
    expect({ input: sink.input, camera: sink.camera }).toEqual(before);
    expect(walks).toEqual([]);
  });
});
