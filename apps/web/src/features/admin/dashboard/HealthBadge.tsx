import type { Dashboard } from '@atrium/protocol';
import { healthLabels } from './texts.ts';

type HealthState = Dashboard['media']['state'];

const icons: Record<HealthState, string> = { up: '✓', down: '✕', off: '–' };

/** A part's health as a badge: its word and a sign, its colour only a third cue. */
export function HealthBadge({ state }: { state: HealthState }) {
  return (
    <span className={`health health--${state}`}>
      <span className="health__icon" aria-hidden="true">
        {icons[state]}
      </span>
      {healthLabels[state]}
    </span>
  );
}
