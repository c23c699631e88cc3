import { lazy, Suspense } from 'react';
import type { ReportDialogProps } from './ReportDialog.tsx';
import type { ReportSubject } from './ReportForm.tsx';

// The form, react-hook-form and the report schema download on the first report, not with the
// page that offers it (the home route's first load has no room for them).
const ReportDialog = lazy(() =>
  import('./ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })),
);
const ReportPanel = lazy(() =>
  import('./ReportDialog.tsx').then((module) => ({ default: module.ReportPanel })),
);

/** {@link ReportDialog}, loaded when first shown. */
export function LazyReportDialog(props: ReportDialogProps) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}

/** The report form inside a panel that is already a dialog, loaded when first shown. */
export function LazyReportPanel(props: ReportSubject & { onDone: (sent: boolean) => void }) {
  return (
    <Suspense fallback={null}>
      <ReportPanel {...props} />
    </Suspense>
  );
}
