import { describe, expect, it } from 'vitest';
import { initialClassroomState } from './client.ts';
import { orderTiles, withLevels } from './tiles.ts';
import {
  CAMERA_CONSTRAINTS,
  cameraConstraints,
  openLocalTracks,
  type MediaAccess,
} from './localMedia.ts';
import type { ClassroomTile } from './types.ts';

const tile = (id: number, patch: Partial<ClassroomTile> = {}): ClassroomTile => ({
  ...{ id, userId: `u${id}`, name: `p${id}`, role: 'member', self: false, stream: null },
  ...{
    screen: null,
    videoLive: false,
    hasVideo: false,
    audioMuted: false,
    videoMuted: false,
    sharingScreen: false,
  },
  ...{ audioProhibited: false, videoProhibited: false, level: 0, speaking: false },
  ...patch,
});

describe('orderTiles', () => {
  it('puts the person first, then the rest in join order, a speaker too (issue 27)', () => {
    const order = orderTiles([
      tile(1),
      tile(2),
      tile(3, { speaking: true, level: 40 }),
      tile(4, { self: true }),
      tile(5),
    ]).map((t) => t.id);
    expect(order).toEqual([4, 1, 2, 3, 5]);
  });
  it('keeps join order when nobody speaks', () => {
    expect(orderTiles([tile(9), tile(3), tile(5)]).map((t) => t.id)).toEqual([9, 3, 5]);
  });
});

describe('local media', () => {
  it('asks the camera with SPEC §5 constraints and the chosen device', () => {
    expect(CAMERA_CONSTRAINTS).toEqual({
      width: { min: 640, ideal: 1280, max: 1920 },
      height: { min: 480, ideal: 720, max: 1080 },
    });
    expect(cameraConstraints('cam-2')).toMatchObject({ deviceId: { exact: 'cam-2' } });
    expect(cameraConstraints()).not.toHaveProperty('deviceId');
  });

  const track = (kind: string) => ({ kind, stop() {} }) as unknown as MediaStreamTrack;
  const stream = (kinds: string[]) =>
    ({
      getAudioTracks: () => kinds.filter((k) => k === 'audio').map(track),
      getVideoTracks: () => kinds.filter((k) => k === 'video').map(track),
    }) as unknown as MediaStream;

  it('falls back to audio only when the camera is refused, and to nothing when both are', async () => {
    const noCamera: MediaAccess = {
      getUserMedia: async (c) => {
        if (c.video) throw new DOMException('denied', 'NotAllowedError');
        return stream(['audio']);
      },
      getDisplayMedia: async () => stream([]),
    };
    const audioOnly = await openLocalTracks(noCamera, {});
    expect(audioOnly.audio?.kind).toBe('audio');
    expect(audioOnly.video).toBeNull();

    const nothing: MediaAccess = {
      getUserMedia: async () => {
        throw new DOMException('denied', 'NotAllowedError');
      },
      getDisplayMedia: async () => stream([]),
    };
    expect(await openLocalTracks(nothing, { mic: 'm', camera: 'c' })).toEqual({
      audio: null,
      video: null,
    });
  });
});

describe('initial state', () => {
  it('starts idle with nothing available', () => {
    const state = initialClassroomState();
    expect(state.phase).toBe('idle');
    expect(state.mic).toEqual({ available: false, on: false, prohibited: false });
    expect(state.tiles).toEqual([]);
  });
});

describe('withLevels', () => {
  it('reads each tile’s level, the person’s own from their microphone, and marks speakers', () => {
    const inbound = new Map([
      [1, { audioLevel: 0.5 }],
      [2, { audioLevel: 0.01 }],
    ]) as unknown as Parameters<typeof withLevels>[1];
    const next = withLevels([tile(1), tile(2), tile(3, { self: true })], inbound, 0.3);
    expect(next.map((t) => [t.id, t.level, t.speaking])).toEqual([
      [1, 50, true],
      [2, 1, false],
      [3, 30, true],
    ]);
    expect(withLevels([tile(3, { self: true })], inbound, 0)[0]).toMatchObject({ level: 0 });
  });
});
