import {
  AdminApi,
  ChatApi,
  routeUrl,
  type AuditAction,
  type PersonCreate,
  type PersonState,
  type PersonUpdate,
  type PEOPLE_PAGE_SIZES,
  type PEOPLE_SORTS,
  type Role,
  type SanctionCreate,
} from '@atrium/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../shared/api/useApi.ts';
import { saveBlob } from '../../shared/saveBlob.ts';
import { AdminUiText } from './texts.ts';

export type PageSize = (typeof PEOPLE_PAGE_SIZES)[number];
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

/** What the people table asks the server for: its search, filters, sort and page. */
export interface PeopleFilter {
  q?: string;
  role?: Role;
  state?: PersonState;
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  page: number;
  page_size: PageSize;
}

export interface AuditFilter {
  q?: string;
  action?: AuditAction;
  page: number;
  page_size: PageSize;
}

export interface ReportsFilter {
  state: 'open' | 'resolved';
  page: number;
  page_size: PageSize;
}

export interface SanctionsFilter {
  active: '1' | '0';
  page: number;
  page_size: PageSize;
}

/** Query keys of the console's server data: everything under `all`, so a change reloads it all. */
export const adminKeys = {
  all: ['admin'] as const,
  people: (filter: PeopleFilter) => ['admin', 'people', filter] as const,
  audit: (filter: AuditFilter) => ['admin', 'audit', filter] as const,
  reports: (filter: ReportsFilter) => ['admin', 'reports', filter] as const,
  sanctions: (filter: SanctionsFilter) => ['admin', 'sanctions', filter] as const,
};

/** A blank search is no search. */
const withSearch = <T extends { q?: string }>(filter: T): T => ({
  ...filter,
  q: filter.q?.trim() || undefined,
});

// The page on screen stays while the next one loads (no flash of an empty table), and the console
// shows what the server holds now: someone else may have changed it.
const listOptions = { placeholderData: keepPreviousData, staleTime: 0, retry: false } as const;

/** One page of accounts, searched, filtered and sorted on the server. */
export function usePeople(filter: PeopleFilter) {
  const client = useApi();
  return useQuery({
    queryKey: adminKeys.people(filter),
    queryFn: async () => (await client.call(AdminApi.people, { query: withSearch(filter) })).data,
    ...listOptions,
  });
}

/** One page of the audit log, newest first. */
export function useAudit(filter: AuditFilter) {
  const client = useApi();
  return useQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: async () => (await client.call(AdminApi.audit, { query: withSearch(filter) })).data,
    ...listOptions,
  });
}

/** One page of reports, open or resolved, newest first. */
export function useReports(filter: ReportsFilter) {
  const client = useApi();
  return useQuery({
    queryKey: adminKeys.reports(filter),
    queryFn: async () => (await client.call(AdminApi.reports, { query: filter })).data,
    ...listOptions,
  });
}

/** One page of sanctions: the mutes and bans in force, or all of them. */
export function useSanctions(filter: SanctionsFilter) {
  const client = useApi();
  return useQuery({
    queryKey: adminKeys.sanctions(filter),
    queryFn: async () => (await client.call(AdminApi.sanctions, { query: filter })).data,
    ...listOptions,
  });
}

/**
 * The console's changes. Each resolves with the server's `message` (the page shows it as a toast)
 * and reloads every admin list: a ban changes the people table, the sanctions and the audit log.
 */
export function useAdminMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const createPerson = useMutation({
    mutationFn: async (body: PersonCreate) =>
      (await client.call(AdminApi.createPerson, { body })).message,
    onSuccess,
  });
  const updatePerson = useMutation({
    mutationFn: async ({ id, body }: { id: string; body: PersonUpdate }) =>
      (await client.call(AdminApi.updatePerson, { params: { id }, body })).message,
    onSuccess,
  });
  const deletePerson = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(AdminApi.deletePerson, { params: { id } })).message,
    onSuccess,
  });
  const resendActivation = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(AdminApi.resendActivation, { params: { id } })).message,
    onSuccess,
  });
  const resolveReport = useMutation({
    mutationFn: async ({ id, resolution }: { id: number; resolution: string }) =>
      (await client.call(AdminApi.resolveReport, { params: { id }, body: { resolution } })).message,
    onSuccess,
  });
  const sanction = useMutation({
    mutationFn: async (body: SanctionCreate) =>
      (await client.call(AdminApi.sanction, { body })).message,
    onSuccess,
  });
  /** Removes a reported chat message (the chat's own route; admins may remove any). */
  const removeMessage = useMutation({
    mutationFn: async (id: number) => {
      await client.call(ChatApi.remove, { params: { id } });
      return AdminUiText.messageRemoved;
    },
    onSuccess,
  });
  const liftSanction = useMutation({
    mutationFn: async (id: number) =>
      (await client.call(AdminApi.liftSanction, { params: { id } })).message,
    onSuccess,
  });
  return {
    createPerson,
    updatePerson,
    deletePerson,
    resendActivation,
    resolveReport,
    sanction,
    liftSanction,
    removeMessage,
  };
}

/**
 * Downloads the audit log as CSV with the current filter, every page of it. The route wants the
 * bearer token, so the file comes through the session's client.
 */
export function useAuditCsv(): (filter: Pick<AuditFilter, 'q' | 'action'>) => Promise<void> {
  const client = useApi();
  return useCallback(
    async (filter) => {
      const blob = await client.blob(routeUrl(AdminApi.auditCsv, { query: withSearch(filter) }));
      saveBlob(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    },
    [client],
  );
}
