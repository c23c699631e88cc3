import { lazy, Suspense, useSyncExternalStore } from 'react';
import { dialogs } from './dialogStore.ts';

// The dialogs (and Radix with them) download on the first request, not with the home page.
const DialogView = lazy(() =>
  import('./DialogView.tsx').then((module) => ({ default: module.DialogView })),
);

/** Renders the dialog at the head of the app's dialog queue. */
export function DialogHost() {
  const request = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DialogView key={request.id} request={request} />
    </Suspense>
  );
}
