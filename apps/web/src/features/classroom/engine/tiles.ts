// The classroom's tiles: one per participant, the person's own first.
import type { ClassParticipant } from '@atrium/protocol';
import type { InboundStats } from './transport.ts';
import { ACTIVE_SPEAKER_LEVEL, type ClassroomTile } from './types.ts';

/**
 * Self first, then the others in the order they came. A speaker is highlighted where they stand:
 * tiles that jump about as people talk are hard to follow (issue 27).
 */
export function orderTiles(tiles: ClassroomTile[]): ClassroomTile[] {
  return [...tiles.filter((t) => t.self), ...tiles.filter((t) => !t.self)];
}

/** A tile shows the camera only while it is sent and its frames flow. */
export const withVideo = (tile: ClassroomTile): ClassroomTile => ({
  ...tile,
  hasVideo: tile.videoLive && !tile.videoMuted,
});

export const tileOf = (p: ClassParticipant, self: boolean): ClassroomTile => ({
  id: p.id,
  userId: p.userId,
  name: p.attributes.name,
  role: p.role,
  self,
  stream: null,
  screen: null,
  videoLive: false,
  hasVideo: false,
  audioMuted: !p.sending.audio,
  videoMuted: !p.sending.video,
  sharingScreen: p.attributes.shareScreen === 'true',
  audioProhibited: p.attributes.isUnmutedAudioProhibited,
  videoProhibited: p.attributes.isUnmutedVideoProhibited,
  level: 0,
  speaking: false,
});

/** The tiles with their audio levels now (0–100) and who speaks; `own` is the person's own level. */
export function withLevels(
  tiles: readonly ClassroomTile[],
  inbound: ReadonlyMap<number, InboundStats>,
  own: number,
): ClassroomTile[] {
  return tiles.map((t) => {
    const level = Math.round((t.self ? own : (inbound.get(t.id)?.audioLevel ?? 0)) * 100);
    return { ...t, level, speaking: level >= ACTIVE_SPEAKER_LEVEL };
  });
}

/** What a transport tells the tiles: a participant's streams, and when their frames stop. */
export const streamHandlers = (
  patchTile: (id: number, change: Partial<ClassroomTile>) => void,
) => ({
  onStream: (id: number, stream: MediaStream) => {
    const video = stream.getVideoTracks()[0];
    patchTile(id, { stream, videoLive: !!video && !video.muted });
    if (video) {
      // Frames stop (the far side's connection stalls): the avatar, not a frozen frame.
      video.onmute = () => patchTile(id, { videoLive: false });
      video.onunmute = () => patchTile(id, { videoLive: true });
    }
  },
  onScreen: (id: number, stream: MediaStream | null) => patchTile(id, { screen: stream }),
});
