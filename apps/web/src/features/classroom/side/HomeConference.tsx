import { lazy, Suspense } from 'react';
import { useClassroom } from '../classroomContext.ts';
import { ClassroomCoreText as T } from '../coreTexts.ts';
import { useMediaQuery } from '../../../shared/ui/useMediaQuery.ts';
import './HomeConference.css';

/** SPEC §9: the home page's conference panel needs a window at least 1200 px wide. */
export const CONFERENCE_MIN_WINDOW = 1200;

// The panel, its video and react-rnd stay out of the home page's first download.
const HomeConferencePanel = lazy(() =>
  import('./HomeConferencePanel.tsx').then((module) => ({ default: module.HomeConferencePanel })),
);

/** SPEC §2: the home page's side video-conference panel (toggle, fullscreen, draggable). */
export function HomeConference() {
  const wide = useMediaQuery(`(min-width: ${CONFERENCE_MIN_WINDOW}px)`);
  const { panelOpen, setPanelOpen, state } = useClassroom();
  if (!wide) return null;
  return (
    <>
      {!panelOpen && (
        <button
          type="button"
          className="home-conference__toggle"
          aria-expanded={false}
          data-control="open-classroom"
          onClick={() => setPanelOpen(true)}
        >
          {state.phase === 'joined' && (
            <span className="home-conference__live" aria-hidden="true" />
          )}
          {T.openClassroom}
        </button>
      )}
      {panelOpen && (
        <Suspense fallback={null}>
          <HomeConferencePanel onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
