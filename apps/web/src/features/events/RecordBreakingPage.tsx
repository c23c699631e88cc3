import { EventsPath } from '@atrium/protocol';
import { useState } from 'react';
import { ContactForm, ResultPanel } from './ContactForm.tsx';
import { EventShell } from './EventShell.tsx';
import { submitEventForm } from './eventsApi.ts';
import { EventsPageTitle, EventsWebText } from './texts.ts';

/** `/event/record-breaking.html`, SPEC §2: the contact form, then the result message. */
export function RecordBreakingPage() {
  const [result, setResult] = useState<string | null>(null);
  return (
    <EventShell
      title={EventsWebText.recordTitle}
      documentTitle={EventsPageTitle.record}
      lead={EventsWebText.recordLead}
    >
      {result === null ? (
        <section className="panel" aria-label={EventsWebText.recordTitle}>
          <ContactForm
            submitLabel={EventsWebText.submitRecord}
            onSubmit={(values) => submitEventForm(EventsPath.recordSubmit, values)}
            onDone={setResult}
          />
        </section>
      ) : (
        <ResultPanel title={EventsWebText.recordDoneTitle} message={result} />
      )}
    </EventShell>
  );
}
