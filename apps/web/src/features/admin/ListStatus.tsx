import { errorMessage } from '../../shared/api/client.ts';
import { AdminUiText as T } from './texts.ts';

/** A console list's query as TanStack Query reports it. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a list shows instead of rows: loading, the error with a retry, or `empty`; null when it
 * has rows to show.
 */
export function listStatus(query: ListQuery, rowCount: number, empty: string) {
  if (query.isPending) return <p role="status">{T.loading}</p>;
  if (query.isError) {
    return (
      <div role="alert" className="admin-problem">
        <p>
          {T.loadFailed} {errorMessage(query.error)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => query.refetch()}>
          {T.retry}
        </button>
      </div>
    );
  }
  if (rowCount === 0) {
    return (
      <p role="status" className="admin-muted">
        {empty}
      </p>
    );
  }
  return null;
}
