import { AdminApi } from '@atrium/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../shared/api/useApi.ts';
import { useSessionStore } from '../../../shared/session/SessionContext.tsx';
import { adminKeys } from '../useAdmin.ts';
import type { RosterEntry } from './csv.ts';
import { importRoster } from './stream.ts';

/** The server's problems with a roster, by row key: a row without problems is not listed. */
export type RosterProblems = Record<number, string[]>;

const NO_ENTRIES: RosterEntry[] = [];

/**
 * The server's check of the rows on screen, asked again whenever they change (an edit, a removed
 * row, a new file). While a new check runs the last one stays on screen (`isPlaceholderData`);
 * the problems are keyed by row, so a removed row does not shift them onto its neighbours.
 */
export function useRosterCheck(entries: RosterEntry[] | null) {
  const client = useApi();
  const rows = entries ?? NO_ENTRIES;
  return useQuery({
    queryKey: [...adminKeys.all, 'roster', 'check', rows] as const,
    queryFn: async (): Promise<RosterProblems> => {
      const answer = await client.call(AdminApi.rosterCheck, {
        body: { rows: rows.map((entry) => entry.row) },
      });
      const problems: RosterProblems = {};
      for (const { row, problems: list } of answer.data.problems) {
        const entry = rows[row];
        if (entry) problems[entry.id] = list;
      }
      return problems;
    },
    enabled: rows.length > 0,
    placeholderData: keepPreviousData,
    // A check of a thousand rows is not worth keeping once the rows changed.
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * The import: the rows go to the server, which streams its progress; `progress` follows it.
 * Success reloads the console's people and audit lists, which now hold the new accounts.
 */
export function useRosterImport() {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (entries: RosterEntry[]) => {
      setProgress({ done: 0, total: entries.length });
      return importRoster({
        rows: entries.map((entry) => entry.row),
        token: store.getSnapshot().token,
        onProgress: (done, total) => setProgress({ done, total }),
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'people'] }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
      ]),
  });
  return { ...mutation, progress };
}
