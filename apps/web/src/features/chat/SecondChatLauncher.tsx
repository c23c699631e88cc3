import { ChatText } from '@atrium/protocol';
import { lazy, Suspense, useState } from 'react';
import './secondChat.css';

// The window, the chat and react-rnd download on the first open, not with the page.
const SecondChatWindow = lazy(() =>
  import('./SecondChatWindow.tsx').then((module) => ({ default: module.SecondChatWindow })),
);

/** SPEC §2: opens the chat window keyed to a typed-in classroom name (the second chat panel). */
export function SecondChatLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      {!open && (
        <button
          type="button"
          className="second-chat__launcher"
          aria-expanded={false}
          data-control="open-second-chat"
          onClick={() => setOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <path
              d="M4 5h16v11H9l-5 4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {ChatText.openSecond}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SecondChatWindow onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
