import { EventsPath } from '@atrium/protocol';
import { useState } from 'react';
import { ContactForm, ResultPanel } from './ContactForm.tsx';
import { EventShell } from './EventShell.tsx';
import { submitEventForm } from './formApi.ts';

export const RecordText = {
  documentTitle: 'Record-breaking attempt · Atrium',
  title: 'Record-breaking attempt',
  lead: 'Sign up to take part in the record attempt on launch day. We will contact you with the details.',
  submit: 'Sign me up',
  doneTitle: 'You are signed up',
} as const;

/** `/event/record-breaking.html`, SPEC §2: the contact form, then the result message. */
export function RecordBreakingPage() {
  const [result, setResult] = useState<string | null>(null);
  return (
    <EventShell
      title={RecordText.title}
      documentTitle={RecordText.documentTitle}
      lead={RecordText.lead}
    >
      {result === null ? (
        <section className="panel" aria-label={RecordText.title}>
          <ContactForm
            submitLabel={RecordText.submit}
            onSubmit={(values) => submitEventForm(EventsPath.recordSubmit, values)}
            onDone={setResult}
          />
        </section>
      ) : (
        <ResultPanel title={RecordText.doneTitle} message={result} />
      )}
    </EventShell>
  );
}

/** The lazy route's default export (`app/router.tsx`). */
export default RecordBreakingPage;
