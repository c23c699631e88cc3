import { BanAddressForm } from './BanAddressForm.tsx';
import { ReportsQueue } from './ReportsQueue.tsx';
import { SanctionsTable } from './SanctionsTable.tsx';

/** Moderation: the reports queue, the sanctions in force, and the network address ban. */
export function ModerationPage() {
  return (
    <div className="admin-stack">
      <ReportsQueue />
      <SanctionsTable />
      <BanAddressForm />
    </div>
  );
}
