import { BanAddressForm } from './BanAddressForm.tsx';
import { LeaderboardForm } from './LeaderboardForm.tsx';
import { ReportsQueue } from './ReportsQueue.tsx';
import { SanctionsTable } from './SanctionsTable.tsx';

/**
 * Moderation: the reports queue, the sanctions in force, the network address ban, and the darts
 * leaderboard's entries.
 */
export function ModerationPage() {
  return (
    <div className="admin-stack">
      <ReportsQueue />
      <SanctionsTable />
      <BanAddressForm />
      <LeaderboardForm />
    </div>
  );
}
