import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type Table,
  type TableOptions,
} from '@tanstack/react-table';
import { listStatus, type ListQuery } from './ListStatus.tsx';
import './table.css';

export interface DataTableProps<Row> {
  table: Table<Row>;
  /** The table's accessible name (its caption). */
  label: string;
  query: ListQuery;
  /** Said when the server found no rows. */
  empty: string;
}

const coreRowModel = getCoreRowModel();

/**
 * A TanStack Table whose rows the server pages, sorts and filters: the table only draws the page
 * it is given.
 */
export function useServerTable<Row>(options: Omit<TableOptions<Row>, 'getCoreRowModel'>) {
  // TanStack Table hands out a new API object every render by design, which the React Compiler
  // cannot memoise; the app does not build with the compiler, and the lint only says so.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    getCoreRowModel: coreRowModel,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    ...options,
  });
}

/** A column's header text: every console column has a plain string header. */
const labelOf = <Row,>(column: Column<Row>) =>
  typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

/**
 * A console table over TanStack Table in manual mode: the server pages and sorts, this draws.
 * Sortable headers are buttons with `aria-sort` on their cell; loading, error (with a retry) and
 * empty states take the body's place. On a narrow screen each row becomes a card whose cells
 * carry their column's name (`data-label`).
 */
export function DataTable<Row>({ table, label, query, empty }: DataTableProps<Row>) {
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns().length;
  const status = listStatus(query, rows.length, empty);

  return (
    <div className="admin-table">
      <table className="admin-table__table" aria-busy={query.isFetching || undefined}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const sortable = column.getCanSort();
                const sorted = column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? ariaSort(sorted) : undefined}
                    className={`admin-table__th admin-table__th--${column.id}`}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="admin-table__sort"
                        onClick={column.getToggleSortingHandler()}
                      >
                        {labelOf(column)}
                        <span className="admin-table__arrow" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      flexRender(column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {status ? (
            <tr className="admin-table__status-row">
              <td colSpan={columns}>{status}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={labelOf(cell.column)}
                    className={`admin-table__td admin-table__td--${cell.column.id}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
