import { isCallChannel, isClassroomRoom } from '@atrium/protocol';
import { useMemo, useState, type ReactNode } from 'react';
import { TileActionsContext, useClassroom } from '../features/classroom/classroomContext.ts';
import { FriendsEntry } from '../features/social/FriendsEntry.tsx';
import { useSocialCommands } from '../features/social/socialState.ts';
import { LazyReportDialog } from '../shared/report/LazyReport.tsx';
import { useWorldHandle } from './worldLink.ts';

/**
 * The social layer wired to the classroom (accepted calls and invites join a video room) and
 * to the world (action requests play emotes, new notifications reach the host page).
 */
export function SocialEntry() {
  const { requestJoin, setPanelOpen, state } = useClassroom();
  const world = useWorldHandle();
  const currentRoom = state.phase === 'idle' ? null : state.room;
  const links = useMemo(
    () => ({
      world,
      currentRoom,
      // A classroom (room-1..3), or a call's own room (the caller's id, or
      // callerId_accepterId), which the server made when the call was accepted.
      joinRoom(room: string) {
        if (!isClassroomRoom(room) && !isCallChannel(room)) return false;
        setPanelOpen(true);
        requestJoin(room);
        return true;
      },
    }),
    [world, currentRoom, requestJoin, setPanelOpen],
  );
  return <FriendsEntry links={links} />;
}

/**
 * Gives the classroom's video tile menu (Call, Add Friend) the social layer's commands, and
 * Report (issue 29), whose form loads on first use.
 */
export function SocialTileActions({ children }: { children: ReactNode }) {
  const commands = useSocialCommands();
  const [reporting, setReporting] = useState<{ username: string; room?: string } | null>(null);
  const actions = useMemo(
    () =>
      commands && {
        ...commands,
        report: (username: string, room: string | null) =>
          setReporting(room ? { username, room } : { username }),
      },
    [commands],
  );
  return (
    <TileActionsContext value={actions}>
      {children}
      {reporting && <LazyReportDialog {...reporting} onClose={() => setReporting(null)} />}
    </TileActionsContext>
  );
}
