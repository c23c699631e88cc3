import {
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type TableOptions,
} from '@tanstack/react-table';
import { useState } from 'react';
import type { PagerProps } from './Pager.tsx';
import type { PageSize } from './useAdmin.ts';

const coreRowModel = getCoreRowModel();
const paginationRowModel = getPaginationRowModel();

/**
 * A console table over rows the route sends all at once (submissions, class sessions): TanStack
 * Table pages them here, by `state.pagination` from {@link useClientPages}.
 */
export function useClientTable<Row>(
  options: Omit<TableOptions<Row>, 'getCoreRowModel' | 'getPaginationRowModel'>,
) {
  // TanStack Table hands out a new API object every render by design (see DataTable.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    getCoreRowModel: coreRowModel,
    getPaginationRowModel: paginationRowModel,
    autoResetPageIndex: false,
    enableSorting: false,
    ...options,
  });
}

/**
 * The page shown of `total` rows, 25 a page at first, and the {@link Pager}'s props. A list that
 * shrank under the page shown (another filter, a smaller page) shows its last page.
 */
export function useClientPages(total: number | undefined) {
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 as PageSize });
  const last = Math.max(0, Math.ceil((total ?? 0) / pagination.pageSize) - 1);
  if (total !== undefined && pagination.pageIndex > last) {
    setPagination((p) => ({ ...p, pageIndex: last }));
  }
  const pager: PagerProps = {
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    total,
    onPage: (page) => setPagination((p) => ({ ...p, pageIndex: page - 1 })),
    onPageSize: (pageSize) => setPagination({ pageIndex: 0, pageSize }),
  };
  return {
    pagination,
    pager,
    /** Back to the first page (another list is shown). */
    toFirst: () => setPagination((p) => ({ ...p, pageIndex: 0 })),
  };
}
