// @vitest-environment happy-dom
import { VoiceConstants } from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createSpatialAudio, PANNER_OPTIONS, voicePosition } from './spatialAudio.ts';

const at = (x: number, z: number, ry = 0) => ({ x, y: 0, z, ry });

describe('voicePosition', () => {
  it('puts a voice in range where its avatar stands, at ear height', () => {
    expect(voicePosition(at(0, 0), at(3, 4))).toEqual({ x: 3, y: 1.6, z: 4 });
  });

  it('plays a voice the server sends from beyond hearing range at full volume, from its side', () => {
    const far = voicePosition(at(0, 0), at(30, 0));
    expect(far.x).toBeCloseTo(VoiceConstants.fullVolumeRange);
    expect(far.z).toBeCloseTo(0);
  });

  it('plays a broadcast (stage, megaphone) at full volume, from its side, even in range', () => {
    // A teacher 10 m away: near, the voice fades; as a broadcast it comes from 2 m that way.
    expect(voicePosition(at(0, 8), at(0, 18))).toEqual({ x: 0, y: 1.6, z: 18 });
    const loud = voicePosition(at(0, 8), at(0, 18), true);
    expect(loud).toEqual({ x: 0, y: 1.6, z: 8 + VoiceConstants.fullVolumeRange });
  });

  it('plays an avatar the page does not see from straight ahead, at full volume', () => {
    const ahead = voicePosition(at(5, 5, Math.PI / 2), null);
    expect(ahead.x).toBeCloseTo(5 + VoiceConstants.fullVolumeRange);
    expect(ahead.z).toBeCloseTo(5);
  });
});

/** Just enough of an AudioContext to see the graph the voices get. */
function fakeContext() {
  const param = () => ({ value: 0 });
  const connections: [string, string][] = [];
  const node = (name: string) => ({
    name,
    connect(target: { name: string }) {
      connections.push([name, target.name]);
      return target;
    },
    disconnect: vi.fn(),
  });
  const panners: Record<string, unknown>[] = [];
  const ctx = {
    state: 'suspended',
    destination: node('destination'),
    listener: {
      positionX: param(),
      positionY: param(),
      positionZ: param(),
      forwardX: param(),
      forwardY: param(),
      forwardZ: param(),
      upX: param(),
      upY: param(),
      upZ: param(),
    },
    createMediaStreamSource: vi.fn(() => node('source')),
    createPanner() {
      const panner = {
        ...node('panner'),
        positionX: param(),
        positionY: param(),
        positionZ: param(),
      };
      panners.push(panner);
      return panner;
    },
    resume: vi.fn(async () => {
      ctx.state = 'running';
      for (const fn of stateListeners) fn();
    }),
    close: vi.fn(async () => undefined),
    addEventListener: (_type: string, fn: () => void) => stateListeners.push(fn),
    removeEventListener: vi.fn(),
  };
  const stateListeners: (() => void)[] = [];
  return { ctx, connections, panners };
}

describe('createSpatialAudio', () => {
  it('plays each voice through an HRTF panner that fades to silence at hearing range', () => {
    const { ctx, connections, panners } = fakeContext();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = createSpatialAudio(() => ctx as unknown as AudioContext);
    const stream = new MediaStream();
    audio.setVoices(new Map([['ann', stream]]));
    expect(ctx.createMediaStreamSource).toHaveBeenCalledWith(stream);
    // Chrome feeds a remote track into Web Audio only while a (muted) element plays it.
    const played = play.mock.contexts as HTMLMediaElement[];
    expect(played.map((e) => [e.muted, e.srcObject])).toEqual([[true, stream]]);
    expect(connections).toEqual([
      ['source', 'panner'],
      ['panner', 'destination'],
    ]);
    expect(panners[0]).toMatchObject(PANNER_OPTIONS);
    expect(PANNER_OPTIONS).toEqual({
      panningModel: 'HRTF',
      distanceModel: 'linear',
      refDistance: 2,
      maxDistance: 15,
      rolloffFactor: 1,
    });

    // The listener follows the avatar and its facing; the panner follows Ann.
    audio.place(at(1, 2, Math.PI / 2), (id) => (id === 'ann' ? at(4, 6) : null));
    expect(ctx.listener.positionX.value).toBe(1);
    expect(ctx.listener.positionZ.value).toBe(2);
    expect(ctx.listener.forwardX.value).toBeCloseTo(1);
    expect(ctx.listener.forwardZ.value).toBeCloseTo(0);
    expect(panners[0]).toMatchObject({ positionX: { value: 4 }, positionZ: { value: 6 } });
    // The server says Ann is a broadcast (a megaphone): 5 m off, she plays from 2 m, unfaded.
    audio.setBroadcasts(new Set(['ann']));
    audio.place(at(1, 2, Math.PI / 2), (id) => (id === 'ann' ? at(4, 6) : null));
    const placed = panners[0] as { positionX: { value: number }; positionZ: { value: number } };
    expect(placed.positionX.value).toBeCloseTo(1 + (3 * 2) / 5);
    expect(placed.positionZ.value).toBeCloseTo(2 + (4 * 2) / 5);
    audio.setBroadcasts(new Set());

    // The same stream keeps its nodes; a voice gone is disconnected.
    audio.setVoices(new Map([['ann', stream]]));
    expect(ctx.createMediaStreamSource).toHaveBeenCalledTimes(1);
    audio.setVoices(new Map());
    expect((panners[0] as { disconnect: () => void }).disconnect).toHaveBeenCalled();
  });

  it('makes no AudioContext before the first voice, and remembers the click that allows sound', () => {
    const { ctx } = fakeContext();
    const make = vi.fn(() => ctx as unknown as AudioContext);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = createSpatialAudio(make);
    const changed = vi.fn();
    audio.onRunningChange(changed);
    audio.place(at(0, 0), () => at(1, 1));
    audio.setVoices(new Map());
    expect(make).not.toHaveBeenCalled();
    // Sound is held until the visitor clicks or presses a key.
    expect(audio.running()).toBe(false);
    audio.resume();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(audio.running()).toBe(true);
    expect(make).not.toHaveBeenCalled();
    // The first voice makes the context, started at once: the click came before.
    audio.setVoices(new Map([['ann', new MediaStream()]]));
    expect(make).toHaveBeenCalledTimes(1);
    expect(ctx.resume).toHaveBeenCalled();
    audio.dispose();
    expect(ctx.close).toHaveBeenCalled();
  });

  it('says when the browser holds the sound of a voice, and starts it on resume', async () => {
    const { ctx } = fakeContext();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = createSpatialAudio(() => ctx as unknown as AudioContext);
    const changed = vi.fn();
    audio.onRunningChange(changed);
    audio.setVoices(new Map([['ann', new MediaStream()]]));
    expect(audio.running()).toBe(false);
    audio.resume();
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(audio.running()).toBe(true);
    audio.dispose();
    expect(ctx.close).toHaveBeenCalled();
  });
});
