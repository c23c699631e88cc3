import { lazy, type ReactNode } from 'react';
import { useSessionState } from '../../shared/session/SessionContext.tsx';

// The console (its tables, forms and the admin schemas) is its own chunk, fetched by admins only.
const AdminConsole = lazy(() =>
  import('./AdminConsole.tsx').then((module) => ({ default: module.AdminConsole })),
);

export interface AdminGateProps {
  /** What anyone but an admin sees: the app's page for an unknown path. */
  notFound: ReactNode;
  /** Shown while the session is still being restored. */
  loading: ReactNode;
}

/**
 * `/admin` and below (issue 29): the console for an admin; for anyone else exactly what an unknown
 * path shows, so nothing hints that the console exists. The server refuses them anyway (404).
 */
export function AdminGate({ notFound, loading }: AdminGateProps) {
  const { phase, user } = useSessionState();
  if (phase === 'restoring') return loading;
  if (user?.role !== 'admin' || user.is_guest) return notFound;
  return <AdminConsole me={user.username} notFound={notFound} />;
}
