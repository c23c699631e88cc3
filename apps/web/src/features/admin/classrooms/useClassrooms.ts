import {
  AdminApi,
  ClassroomApi,
  routePath,
  SettingsApi,
  type ClassroomRoom,
  type ClassSession,
  type EntryPolicy,
} from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../../shared/api/useApi.ts';
import { saveBlob } from '../../../shared/saveBlob.ts';
import { adminKeys } from '../useAdmin.ts';

/** How often the classrooms are read again while the tab is shown. */
export const CLASSROOMS_REFRESH_MS = 10_000;

export const classroomKeys = {
  live: [...adminKeys.all, 'classrooms'] as const,
  sessions: (room: ClassroomRoom) => [...adminKeys.all, 'class-sessions', room] as const,
  retention: [...adminKeys.all, 'settings', 'classroom'] as const,
};

/**
 * The three classrooms: entry policy and who is in each, read again every 10 s while the tab is
 * shown. A failed refresh keeps the last answer on screen.
 */
export function useClassrooms() {
  const client = useApi();
  return useQuery({
    queryKey: classroomKeys.live,
    queryFn: async () => (await client.call(AdminApi.classrooms)).data,
    refetchInterval: CLASSROOMS_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });
}

/** A classroom's class sessions, newest first (the class record's own route). */
export function useClassSessions(room: ClassroomRoom) {
  const client = useApi();
  return useQuery({
    queryKey: classroomKeys.sessions(room),
    queryFn: async () =>
      (await client.call(ClassroomApi.sessions, { params: { channel: room } })).data,
    staleTime: 0,
    retry: false,
  });
}

/** How many days class records are kept. */
export function useRecordRetention() {
  const client = useApi();
  return useQuery({
    queryKey: classroomKeys.retention,
    queryFn: async () => (await client.call(SettingsApi.classroom)).data,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** End class, the entry policy and the retention; each resolves with what to say, and reloads what it changed. */
export function useClassroomMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const reload = (...keys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(
      [...keys, [...adminKeys.all, 'audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const endClass = useMutation({
    mutationFn: async (room: ClassroomRoom) =>
      (await client.call(AdminApi.endClass, { params: { channel: room } })).message,
    onSuccess: (_message, room) => reload(classroomKeys.live, classroomKeys.sessions(room)),
  });
  const saveRetention = useMutation({
    mutationFn: async (days: number) =>
      (await client.call(SettingsApi.updateClassroom, { body: { record_retention_days: days } }))
        .data,
    onSuccess: (data) => {
      queryClient.setQueryData(classroomKeys.retention, data);
      return reload();
    },
  });
  const setPolicy = useMutation({
    mutationFn: async ({ room, policy }: { room: ClassroomRoom; policy: EntryPolicy }) =>
      (
        await client.call(AdminApi.classPolicy, {
          params: { channel: room },
          body: { entry_policy: policy },
        })
      ).message,
    onSuccess: () => reload(classroomKeys.live),
  });
  return { endClass, saveRetention, setPolicy };
}

/** Downloads one class session's record as CSV, through the session's token. */
export function useRecordCsv(): (room: ClassroomRoom, session: ClassSession) => Promise<void> {
  const client = useApi();
  return useCallback(
    async (room, session) => {
      const blob = await client.blob(routePath(ClassroomApi.recordCsv, { id: session.id }));
      saveBlob(blob, `class-record-${room}-${session.startedAt.slice(0, 10)}.csv`);
    },
    [client],
  );
}
