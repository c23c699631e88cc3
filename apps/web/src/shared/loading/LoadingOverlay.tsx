import { useId, type Ref } from 'react';
import { ShellText } from '../texts.ts';
import { clampPercent } from './clampPercent.ts';
import './LoadingOverlay.css';

export interface LoadingOverlayProps {
  percent: number;
  label?: string;
  ref?: Ref<HTMLDivElement>;
}

/** SPEC §2: the full-page loading overlay with a percentage and a text label. */
export function LoadingOverlay({
  percent,
  label = ShellText.loadingDefault,
  ref,
}: LoadingOverlayProps) {
  const labelId = useId();
  const shown = clampPercent(percent);
  return (
    <div
      ref={ref}
      className="loading-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelId}
      aria-busy="true"
      tabIndex={-1}
    >
      <div className="loading-overlay__card">
        <div className="loading-overlay__spinner" aria-hidden="true" />
        <p className="loading-overlay__percent" aria-hidden="true">
          {shown}%
        </p>
        <div
          className="loading-overlay__bar"
          role="progressbar"
          aria-label={ShellText.loadingProgress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={`${shown}%`}
        >
          <div className="loading-overlay__fill" style={{ width: `${shown}%` }} />
        </div>
        <p id={labelId} className="loading-overlay__label" aria-live="polite">
          {label}
        </p>
      </div>
    </div>
  );
}
