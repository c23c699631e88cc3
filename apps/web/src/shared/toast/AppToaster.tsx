import { Toaster } from 'sonner';
import { ShellText } from '../texts.ts';
import { TOAST_DURATION_MS } from './toast.ts';
import './AppToaster.css';

/** The one toaster of the app: top-centre, auto-hiding after 10 s (SPEC §8). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      theme="light"
      richColors
      closeButton
      containerAriaLabel={ShellText.notifications}
      toastOptions={{ className: 'app-toast' }}
    />
  );
}
