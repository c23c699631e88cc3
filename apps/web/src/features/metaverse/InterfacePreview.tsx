import { useEffect, useRef } from 'react';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { useLoadingOverlay } from '../../shared/loading/useLoadingOverlay.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { PopupPreviewButtons } from './popups/PopupPreview.tsx';
import './InterfacePreview.css';

const DEMO_STEP_MS = 120;
const DEMO_STEP_PERCENT = 5;

/**
 * Development only (`/dev/interface`): buttons that open the shell's overlays and the world's
 * popups, so they can be seen and tried without the world. The router adds this page only when
 * `import.meta.env.DEV`, so it is not in the production bundle.
 */
export function InterfacePreviewPage() {
  return (
    <div className="container">
      <h1 className="visually-hidden">Interface preview</h1>
      <InterfacePreview />
    </div>
  );
}

function InterfacePreview() {
  const overlay = useLoadingOverlay();
  const { prompt, showError } = useDialogs();
  const timerRef = useRef<number | undefined>(undefined);

  // Leaving the page mid-demo must not leave the overlay up.
  useEffect(
    () => () => {
      if (timerRef.current === undefined) return;
      window.clearInterval(timerRef.current);
      overlay.hide();
    },
    [overlay],
  );

  const handleShowLoading = () => {
    let percent = 0;
    overlay.show(percent);
    timerRef.current = window.setInterval(() => {
      percent += DEMO_STEP_PERCENT;
      if (percent <= 100) {
        overlay.show(percent);
        return;
      }
      window.clearInterval(timerRef.current);
      timerRef.current = undefined;
      overlay.hide();
    }, DEMO_STEP_MS);
  };

  const handleOpenPrompt = async () => {
    const room = await prompt({
      title: 'Join a classroom',
      description: 'Type the name of the classroom you want to join, for example room-1.',
      label: 'Classroom name',
      placeholder: 'room-1',
      required: true,
      maxLength: 64,
      confirmLabel: 'Join',
    });
    if (room !== null) notifySuccess(`You asked to join ${room.trim()}.`);
  };

  const handleShowError = () => {
    void showError({ message: 'Error starting the game.' });
  };

  const handleSuccessToast = () => {
    notifySuccess('Data sent to user');
  };

  const handleErrorToast = () => {
    notifyError('User not online right now.');
  };

  return (
    <section className="panel interface-preview" aria-labelledby="interface-preview-title">
      <h2 id="interface-preview-title" className="panel__title">
        Try the interface
      </h2>
      <p className="panel__text">
        The world will use these screens while it loads, asks a question or reports a problem.
      </p>
      <div className="interface-preview__buttons">
        <button type="button" className="button button--primary" onClick={handleShowLoading}>
          Show the loading screen
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void handleOpenPrompt()}
        >
          Open a prompt
        </button>
        <button type="button" className="button button--secondary" onClick={handleShowError}>
          Show an error popup
        </button>
        <button type="button" className="button button--secondary" onClick={handleSuccessToast}>
          Success toast
        </button>
        <button type="button" className="button button--secondary" onClick={handleErrorToast}>
          Error toast
        </button>
        <PopupPreviewButtons />
      </div>
    </section>
  );
}
