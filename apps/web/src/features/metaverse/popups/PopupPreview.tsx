import { useState } from 'react';
import { useSessionState } from '../../../shared/session/SessionContext.tsx';
import { ArticlePopup } from './ArticlePopup.tsx';
import { FullscreenRecommendation } from './FullscreenRecommendation.tsx';
import { MessagePopup } from './MessagePopup.tsx';
import { PosterPopup } from './PosterPopup.tsx';
import { TutorialPopup } from './TutorialPopup.tsx';
import { dismissTutorial, tutorialCookieName } from './tutorialCookie.ts';
import { UnsupportedDeviceWarning } from './UnsupportedDeviceWarning.tsx';
import './popups.css';

type DemoPopup = 'tutorial' | 'fullscreen' | 'message' | 'article' | 'device' | null;

/** The demo gallery's posters (server seed): 1 offers an NFT, 2 only a print; 999 is missing. */
const DEMO_POSTERS = [
  { id: 1, label: 'Poster with an NFT offer' },
  { id: 2, label: 'Poster with a print only' },
  { id: 999, label: 'Poster that fails to load' },
] as const;

const SAMPLE_ARTICLE = {
  title: 'Welcome to the Atrium Library',
  image: { src: '/posters/2.svg', alt: 'The library hall at night' },
  body: `The library on the first floor is open to every student and visitor of the campus. Walk up to a shelf and press E to leaf through the books on display.

Quiet rooms on the east side can be booked by teachers for small-group lessons. Voice chat is muted inside them, so you can read without distractions.

Watch the opening of the new reading room: https://www.youtube.com/watch?v=aqz-KE-bpKQ

New posters from the Spring Science Fair hang in the gallery next door: take a look on your way out. Opening hours are on https://example.org/library.`,
};

/** Buttons that open each metaverse popup, for the "Try the interface" panel. */
export function PopupPreviewButtons() {
  const { user } = useSessionState();
  const [popup, setPopup] = useState<DemoPopup>(null);
  const [posterId, setPosterId] = useState<number | null>(null);
  const close = () => setPopup(null);

  const handleTutorialClose = (dontShowAgain: boolean) => {
    if (dontShowAgain) dismissTutorial(tutorialCookieName(user));
    close();
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setPopup('tutorial')}
      >
        Tutorial
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setPopup('fullscreen')}
      >
        Fullscreen recommendation
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setPopup('message')}
      >
        Message popup
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setPopup('article')}
      >
        Article popup
      </button>
      {DEMO_POSTERS.map((poster) => (
        <button
          key={poster.id}
          type="button"
          className="button button--secondary"
          onClick={() => setPosterId(poster.id)}
        >
          {poster.label}
        </button>
      ))}
      <button type="button" className="button button--secondary" onClick={() => setPopup('device')}>
        Unsupported device warning
      </button>

      <TutorialPopup open={popup === 'tutorial'} onClose={handleTutorialClose} />
      <FullscreenRecommendation open={popup === 'fullscreen'} onClose={close} />
      <MessagePopup
        open={popup === 'message'}
        onClose={close}
        title="Class starts soon"
        message="Ms. Rivera's astronomy class starts in 5 minutes in Lecture Hall B. Follow the blue signs from the atrium."
      />
      <ArticlePopup open={popup === 'article'} onClose={close} {...SAMPLE_ARTICLE} />
      <PosterPopup posterId={posterId} onClose={() => setPosterId(null)} />
      {/* In the demo, "Back to home" only closes the warning. */}
      <UnsupportedDeviceWarning open={popup === 'device'} onHome={close} />
    </>
  );
}
