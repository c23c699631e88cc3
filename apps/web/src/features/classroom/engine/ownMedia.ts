// The person's own media in a class: their microphone and camera tracks, their screen share,
// device switches, and what they tell the room they send. Split from client.ts, which keeps the
// room (joins, rejoins, the others' tiles); both share one store.
import type { ParticipantAttributes } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { Store } from '../../../shared/store.ts';
import { openTrack, type LocalTracks, type MediaAccess } from './localMedia.ts';
import type { MediaTransport } from './transport.ts';
import type { ClassroomState, ClassroomTile, DeviceChoice, SwitchResult } from './types.ts';

export interface OwnMediaContext {
  socket: AppSocket;
  store: Store<ClassroomState>;
  media: MediaAccess;
  /** The room's connection now, if any. */
  transport(): MediaTransport | null;
  /** The person's own participant id in the room now, if any. */
  selfId(): number | null;
  patchTile: (id: number, change: Partial<ClassroomTile>) => void;
  joined: () => boolean;
}

export type OwnMedia = ReturnType<typeof createOwnMedia>;

export function createOwnMedia(ctx: OwnMediaContext) {
  const { socket, store, media, patchTile, joined } = ctx;
  const update = (change: Partial<ClassroomState>) => store.update((s) => ({ ...s, ...change }));
  let tracks: LocalTracks = { audio: null, video: null };
  let screen: MediaStreamTrack | null = null;
  /** What was last told to the server with `class:sending` (so a repeat is not sent). */
  let reported = '';

  /** Stops every track of the person's own. */
  const stopTracks = () => {
    for (const track of [tracks.audio, tracks.video, screen]) track?.stop();
    tracks = { audio: null, video: null };
    screen = null;
  };

  /** Shows what the others can now see of the person's camera and screen. */
  const refreshSelfVideo = () => {
    const s = store.get();
    const video = s.camera.on ? tracks.video : null;
    const selfId = ctx.selfId();
    if (selfId === null) return;
    patchTile(selfId, {
      stream: new MediaStream(video ? [video] : []),
      videoLive: video !== null,
      screen: screen ? new MediaStream([screen]) : null,
    });
  };

  /** Tells the room what this browser really sends: the others' badges and tiles follow it. */
  const reportSending = () => {
    const s = store.get();
    if (s.phase !== 'joined' || s.reconnecting) return;
    const sending = { audio: s.mic.on, video: s.camera.on };
    const key = JSON.stringify(sending);
    if (key === reported) return;
    reported = key;
    void request(socket, 'class:sending', sending).catch(() => {
      reported = '';
    });
  };

  /** Ends the person's own capture of the screen (their click, the browser's bar, or a teacher). */
  async function endCapture(): Promise<void> {
    if (!screen) return;
    const old = screen;
    screen = null;
    old.onended = null;
    await ctx.transport()?.replaceTrack('screen', null);
    old.stop();
    update({ sharing: false });
    refreshSelfVideo();
  }

  /** The person's own side of their attributes: a teacher's end of their share, prohibitions. */
  function applySelf(id: number, a: ParticipantAttributes): void {
    const prohibitedAudio = a.isUnmutedAudioProhibited;
    const prohibitedVideo = a.isUnmutedVideoProhibited;
    const s = store.get();
    // A teacher ended this person's share: the capture ends here too (never restarted later).
    if (a.shareScreen === 'false' && screen) void endCapture();
    // A prohibition turns the input off; lifting it gives permission back, never sound.
    if (prohibitedAudio && tracks.audio) tracks.audio.enabled = false;
    if (prohibitedVideo && s.camera.on) void ctx.transport()?.replaceTrack('camera', null);
    update({
      mic: { ...s.mic, prohibited: prohibitedAudio, on: prohibitedAudio ? false : s.mic.on },
      camera: {
        ...s.camera,
        prohibited: prohibitedVideo,
        on: prohibitedVideo ? false : s.camera.on,
      },
    });
    patchTile(id, {
      audioMuted: !store.get().mic.on,
      videoMuted: !store.get().camera.on,
    });
    refreshSelfVideo();
    reportSending();
  }

  async function setMic(onNow: boolean): Promise<void> {
    const s = store.get();
    if (!tracks.audio || (onNow && s.mic.prohibited)) return;
    tracks.audio.enabled = onNow;
    update({ mic: { ...s.mic, on: onNow } });
    const selfId = ctx.selfId();
    if (selfId !== null) patchTile(selfId, { audioMuted: !onNow });
    reportSending();
  }

  async function setCamera(onNow: boolean): Promise<void> {
    const s = store.get();
    if (!tracks.video || (onNow && s.camera.prohibited)) return;
    // Off sends nothing (not black frames), and the others are told so: they see the avatar.
    await ctx.transport()?.replaceTrack('camera', onNow ? tracks.video : null);
    update({ camera: { ...s.camera, on: onNow } });
    const selfId = ctx.selfId();
    if (selfId !== null) patchTile(selfId, { videoMuted: !onNow });
    refreshSelfVideo();
    reportSending();
  }

  async function switchDevices(choice: DeviceChoice): Promise<SwitchResult> {
    const result: SwitchResult = {};
    const s = store.get();
    for (const kind of ['audio', 'video'] as const) {
      const key = kind === 'audio' ? 'mic' : 'camera';
      const wantedId = choice[key];
      if (wantedId === undefined || wantedId === s.devices[key]) continue;
      const track = await openTrack(media, kind, wantedId);
      result[key] = track !== null;
      if (!track) continue;
      const old = tracks[kind];
      tracks = { ...tracks, [kind]: track };
      if (kind === 'audio') {
        track.enabled = store.get().mic.on;
        await ctx.transport()?.replaceTrack('audio', track);
      } else if (store.get().camera.on) {
        await ctx.transport()?.replaceTrack('camera', track);
      }
      old?.stop();
      store.update((st) => ({
        ...st,
        devices: { ...st.devices, [key]: wantedId },
        [key]: { ...st[key], available: true },
      }));
    }
    refreshSelfVideo();
    return result;
  }

  async function setScreenShare(onNow: boolean): Promise<void> {
    if (!joined()) return;
    if (onNow) {
      if (screen) return;
      await request(socket, 'class:share', { on: true });
      let track: MediaStreamTrack | null = null;
      try {
        const stream = await media.getDisplayMedia({ video: true, audio: false });
        track = stream.getVideoTracks()[0] ?? null;
      } catch {
        track = null;
      }
      if (!track) {
        await request(socket, 'class:share', { on: false }).catch(() => undefined);
        return;
      }
      screen = track;
      // The browser's own "Stop sharing" bar ends the track.
      track.onended = () => void setScreenShare(false);
      // The share is its own stream: the camera keeps going beside it.
      await ctx.transport()?.replaceTrack('screen', track);
      update({ sharing: true });
    } else {
      if (!screen) return;
      await endCapture();
      await request(socket, 'class:share', { on: false }).catch(() => undefined);
    }
    refreshSelfVideo();
  }

  return {
    get tracks(): LocalTracks {
      return tracks;
    },
    set tracks(opened: LocalTracks) {
      tracks = opened;
    },
    /** A new room: tell it what is sent, even if it is what the last room heard. */
    resetReported() {
      reported = '';
    },
    /** The connection dropped: a capture is only ever restarted by the person's own click. */
    dropScreen() {
      if (!screen) return;
      screen.onended = null;
      screen.stop();
      screen = null;
    },
    stopTracks,
    refreshSelfVideo,
    reportSending,
    endCapture,
    applySelf,
    setMic,
    setCamera,
    switchDevices,
    setScreenShare,
  };
}
