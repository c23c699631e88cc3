import { useCallback, useEffect, useRef, useState } from 'react';

export interface FullscreenPromptState {
  /** For `FullscreenRecommendation`'s `open`. */
  open: boolean;
  /** Starts the wait; the prompt is due once `delayMs` have passed. */
  schedule: () => void;
  /** Not now, or fullscreen entered: the prompt is done for this visit. */
  close: () => void;
}

/**
 * SPEC §9: the mobile variant recommends fullscreen 5000 ms after the start. One dialog at a
 * time: while another one is open (`blocked`, e.g. the tutorial) the due prompt waits for it.
 */
export function useFullscreenPrompt(delayMs: number, blocked: boolean): FullscreenPromptState {
  const [due, setDue] = useState(false);
  const timer = useRef<number | null>(null);

  const clear = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const schedule = useCallback(() => {
    clear();
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setDue(true);
    }, delayMs);
  }, [delayMs]);

  const close = useCallback(() => {
    clear();
    setDue(false);
  }, []);

  useEffect(() => clear, []);

  return { open: due && !blocked, schedule, close };
}
