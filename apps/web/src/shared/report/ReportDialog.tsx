import * as Dialog from '@radix-ui/react-dialog';
import { PopupShell } from '../ui/PopupShell.tsx';
import { ReportForm, type ReportSubject } from './ReportForm.tsx';
import { ReportText as T } from './texts.ts';
import './report.css';

export interface ReportDialogProps extends ReportSubject {
  onClose: () => void;
}

/** Report a person (and the message, when there is one) to the admins, in a dialog. */
export function ReportDialog({ onClose, ...subject }: ReportDialogProps) {
  return (
    <PopupShell open onDismiss={onClose} className="report-dialog" modal closeButton>
      <Dialog.Title className="dialog__title">{T.title(subject.username)}</Dialog.Title>
      <Dialog.Description className="dialog__description">
        {subject.message_id ? T.messageIntro : T.intro}
      </Dialog.Description>
      <ReportForm {...subject} onDone={onClose} />
    </PopupShell>
  );
}

/** The form alone, under a heading, for a place that is already a dialog (the social panel). */
export function ReportPanel({
  onDone,
  ...subject
}: ReportSubject & { onDone: (sent: boolean) => void }) {
  return (
    <section className="report-panel" aria-label={T.title(subject.username)}>
      <h3 className="report-panel__title">{T.title(subject.username)}</h3>
      <p className="report-panel__intro">{T.intro}</p>
      <ReportForm {...subject} onDone={onDone} autoFocus />
    </section>
  );
}
