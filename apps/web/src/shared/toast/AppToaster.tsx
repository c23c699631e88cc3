import { Toaster } from 'sonner';
import { ShellText } from '../texts.ts';
import { TOAST_DURATION_MS } from './toast.ts';
import { TOAST_ANCHOR_VARIABLE } from './useToastsBelow.ts';
import './AppToaster.css';

/** Below the top navigation when a page has one, so a toast never hides My Album. */
const offsetTop = (gap: string) => `calc(var(${TOAST_ANCHOR_VARIABLE}, 0px) + ${gap})`;

/** The one toaster of the app: top-centre, auto-hiding after 10 s (SPEC §8). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      offset={{ top: offsetTop('12px') }}
      mobileOffset={{ top: offsetTop('8px') }}
      duration={TOAST_DURATION_MS}
      theme="light"
      richColors
      closeButton
      containerAriaLabel={ShellText.notifications}
      toastOptions={{ className: 'app-toast' }}
    />
  );
}
