import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { DialogHost } from '../shared/dialogs/DialogHost.tsx';
import { LoadingOverlayHost } from '../shared/loading/LoadingOverlayHost.tsx';
import { useLoadingOverlayVisible } from '../shared/loading/useLoadingOverlay.ts';
import { sessionStore } from '../shared/session/appSession.ts';
import { SessionProvider } from '../shared/session/SessionContext.tsx';
import { AppToaster } from '../shared/toast/AppToaster.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

const router = createAppRouter();

/** Makes the page inert while the loading overlay covers it, so Tab cannot reach hidden controls. */
function AppShell({ children }: { children: ReactNode }) {
  const loading = useLoadingOverlayVisible();
  return (
    <div className="app-shell" inert={loading}>
      {children}
    </div>
  );
}

/** The root: providers, the router, and the app-wide overlays (loading, dialogs, toasts). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={sessionStore}>
        <AppShell>
          <RouterProvider router={router} />
        </AppShell>
        <LoadingOverlayHost />
        <DialogHost />
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
