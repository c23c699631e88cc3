import { errorMessage } from '../../../shared/api/client.ts';
import './LoadProblem.css';

export interface LoadProblemProps {
  /** What could not be loaded, e.g. "The dashboard could not be loaded." */
  message: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => unknown;
}

/** A read that failed: what, the server's words, and a button to try again. */
export function LoadProblem({ message, error, retryLabel, onRetry }: LoadProblemProps) {
  return (
    <div role="alert" className="load-problem">
      <p>
        {message} {errorMessage(error)}
      </p>
      <button type="button" className="button button--secondary" onClick={() => onRetry()}>
        {retryLabel}
      </button>
    </div>
  );
}
