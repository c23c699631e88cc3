import { useEffect, useRef } from 'react';
import { toast, Toaster } from 'sonner';
import { ShellText } from '../texts.ts';
import { TOAST_DURATION_MS, toasterReady } from './toast.ts';
import { TOAST_FOCUS_VARIABLE, useToastFocus } from './toastFocus.ts';
import { TOAST_ANCHOR_VARIABLE } from './useToastsBelow.ts';

/**
 * Below the top navigation when a page has one, so a toast never hides My Album, and below the
 * focused control when a toast would cover it (toastFocus.ts).
 */
const offsetTop = (gap: string) =>
  `calc(max(var(${TOAST_ANCHOR_VARIABLE}, 0px), var(${TOAST_FOCUS_VARIABLE}, 0px)) + ${gap})`;

/** The one toaster of the app: top-centre, auto-hiding after 10 s (SPEC §8). Loaded lazily. */
export function SonnerToaster() {
  const ref = useRef<HTMLElement>(null);
  useToastFocus(ref);
  // Runs after the Toaster's own effect (children first), so it is listening by then.
  useEffect(() => {
    toasterReady((kind, message, action) =>
      toast[kind](message, { duration: TOAST_DURATION_MS, ...(action ? { action } : {}) }),
    );
    return () => toasterReady(null);
  }, []);
  return (
    <Toaster
      ref={ref}
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
