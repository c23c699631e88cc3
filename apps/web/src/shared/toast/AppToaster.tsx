import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterWanted } from './toast.ts';
import './AppToaster.css';

const SonnerToaster = lazy(() =>
  import('./SonnerToaster.tsx').then((module) => ({ default: module.SonnerToaster })),
);

/** The app's toaster, mounted (and its code fetched) when the first toast is asked for. */
export function AppToaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
