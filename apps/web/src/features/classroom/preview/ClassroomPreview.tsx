import { useEffect, useRef, useState } from 'react';
import { ClassroomPanel } from '../ClassroomPanel.tsx';
import { useClassroom } from '../classroomContext.ts';
import { ClassroomProvider } from '../ClassroomProvider.tsx';
import { ClassroomWindow } from '../ClassroomWindow.tsx';
import type { ClassroomClient } from '../engine/types.ts';
import { IDLE_CLASSROOM } from '../panelModel.ts';
import { HomeConference } from '../side/HomeConference.tsx';
import { createFakeClassroomClient, fakeTile, joinedState } from './fakeClient.ts';
import { groupScenes } from './groupScenes.ts';
import { lobbyScenes } from './lobbyScenes.ts';
import { pollScenes } from './pollScenes.ts';
import { RecordPreview } from './RecordPreview.tsx';
import './ClassroomPreview.css';

interface Scene {
  key: string;
  title: string;
  /** Shown only when asked for by `?scene=`: it opens the error modal as it appears. */
  onRequest?: boolean;
  make: () => ClassroomClient;
}

const scenes: Scene[] = [
  {
    key: 'teacher',
    title: 'Teacher, media server: four people, one speaking, one sharing',
    make: () =>
      createFakeClassroomClient(
        joinedState({
          host: true,
          flags: { global_mute_audio_config: true, global_mute_video_config: false },
          otherSharer: 'Grace Hopper',
          tiles: [
            fakeTile(1, 'Ms Rivera', { self: true, role: 'teacher', hue: 250 }),
            fakeTile(2, 'Grace Hopper', { sharingScreen: true }),
            fakeTile(3, 'Alan Turing', { speaking: true, level: 42, hue: 160 }),
            fakeTile(4, 'Ada Lovelace', { hasVideo: false, audioMuted: true }),
          ],
          // Two raised hands (issue 28): the queue above the teacher row, a ring on the tiles.
          hands: [
            { userId: 'user-4', name: 'Ada Lovelace', raisedAt: Date.now() - 95_000 },
            { userId: 'user-3', name: 'Alan Turing', raisedAt: Date.now() - 20_000 },
          ],
        }),
      ),
  },
  {
    key: 'student',
    title: 'Student: microphone muted by the teacher',
    make: () =>
      createFakeClassroomClient(
        joinedState({
          room: 'room-2',
          mic: { available: true, on: false, prohibited: true },
          flags: { global_mute_audio_config: true, global_mute_video_config: false },
          tiles: [
            fakeTile(5, 'Sam Lee', { self: true, audioMuted: true, audioProhibited: true }),
            fakeTile(6, 'Mr Okafor', { role: 'teacher', speaking: true, level: 30, hue: 30 }),
            fakeTile(7, 'Priya Nair', { audioMuted: true, hasVideo: false }),
          ],
        }),
      ),
  },
  {
    key: 'mesh',
    title: 'Teacher without the media server (mesh)',
    make: () =>
      createFakeClassroomClient(
        joinedState({
          room: 'room-3',
          mode: 'mesh',
          enforced: false,
          host: true,
          tiles: [
            fakeTile(8, 'Ms Rivera', { self: true, role: 'teacher', hue: 250 }),
            fakeTile(9, 'Noor Haddad', { hue: 320 }),
          ],
        }),
      ),
  },
  {
    key: 'nodevices',
    title: 'Joined without camera or microphone',
    onRequest: true,
    make: () =>
      createFakeClassroomClient(
        joinedState({
          mic: { available: false, on: false, prohibited: false },
          camera: { available: false, on: false, prohibited: false },
          tiles: [fakeTile(10, 'Sam Lee', { self: true, hasVideo: false, audioMuted: true })],
        }),
      ),
  },
  ...pollScenes,
  ...lobbyScenes,
  ...groupScenes,
  {
    key: 'idle',
    title: 'Not joined: quick join',
    make: () => createFakeClassroomClient(IDLE_CLASSROOM),
  },
];

/**
 * Development only (`/dev/classroom`): the classroom panel in its main states, each on a fake
 * client with canvas video, so the screens can be seen and tried without cameras or a server.
 * `?window=teacher` opens that scene as the floating window; `?modal=join` opens the modal.
 */
export function ClassroomPreviewPage() {
  const params = new URLSearchParams(window.location.search);
  const only = params.get('scene');
  return (
    <div className="container container--wide classroom-preview">
      <h1 className="classroom-preview__title">Classroom preview</h1>
      {params.get('record') && <RecordPreview />}
      <div className="classroom-preview__grid">
        {scenes
          .filter((scene) => (only ? scene.key === only : !scene.onRequest))
          .map((scene) => (
            <PreviewScene
              key={scene.key}
              scene={scene}
              asWindow={params.get('window') === scene.key}
              asSide={params.get('side') === scene.key}
              modal={params.get('modal') === scene.key}
            />
          ))}
      </div>
    </div>
  );
}

function PreviewScene({
  scene,
  asWindow,
  asSide,
  modal,
}: {
  scene: Scene;
  asWindow: boolean;
  asSide: boolean;
  modal: boolean;
}) {
  const [client] = useState(scene.make);
  // Disposed a moment after unmounting: StrictMode's trial unmount in development would
  // otherwise stop the canvas cameras for good. The remount cancels the pending dispose.
  const pendingDispose = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(pendingDispose.current);
    return () => {
      pendingDispose.current = window.setTimeout(() => client.dispose(), 0);
    };
  }, [client]);
  return (
    <section className="classroom-preview__scene" aria-label={scene.title}>
      <h2 className="classroom-preview__scene-title">{scene.title}</h2>
      <ClassroomProvider client={client} requireAccount={false}>
        <div className="classroom-preview__frame">
          <ClassroomPanel />
        </div>
        {asSide ? <SceneSide /> : <SceneWindow open={asWindow} modal={modal} />}
      </ClassroomProvider>
    </section>
  );
}

/** The home page's side panel (`?side=`), opened. */
function SceneSide() {
  const { setPanelOpen } = useClassroom();
  useEffect(() => setPanelOpen(true), [setPanelOpen]);
  return <HomeConference />;
}

function SceneWindow({ open, modal }: { open: boolean; modal: boolean }) {
  const { panelOpen, setPanelOpen, openDeviceSettings, joinWithSettings, state } = useClassroom();
  useEffect(() => {
    if (open) setPanelOpen(true);
    if (!modal) return;
    if (state.phase === 'joined') openDeviceSettings();
    else joinWithSettings('room-1');
    // Once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setPanelOpen(true)}>
        Open as a window
      </button>
      {panelOpen && <ClassroomWindow onClose={() => setPanelOpen(false)} />}
    </>
  );
}
