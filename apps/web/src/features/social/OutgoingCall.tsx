import { createPortal } from 'react-dom';
import { SocialUiText as T } from './texts.ts';

export interface OutgoingCallProps {
  /** Whom the person is calling. */
  name: string;
  /** Inside the friends panel (in its flow) rather than floating over the page. */
  inPanel?: boolean;
  onCancel: () => void;
}

/**
 * The caller's side of a call while it rings (issue 27): who is being called and a Cancel.
 * Not a dialog: the person may go on walking or chatting while it rings; it goes when the
 * callee answers, the call rings out, or the caller hangs up.
 */
export function OutgoingCall({ name, inPanel = false, onCancel }: OutgoingCallProps) {
  const bar = (
    <section
      className={`social-outgoing${inPanel ? ' social-outgoing--in-panel' : ''}`}
      aria-label={T.outgoingCall}
    >
      <p className="social-outgoing__text" role="status">
        {T.calling(name)}
      </p>
      <button
        type="button"
        className="button button--secondary"
        data-control="social-cancel-call"
        onClick={onCancel}
      >
        {T.cancelCall}
      </button>
    </section>
  );
  // On the page it floats over everything, so it sits at the body, not inside a transformed
  // or clipped parent.
  return inPanel ? bar : createPortal(bar, document.body);
}
