import * as Dialog from '@radix-ui/react-dialog';
import type { InboxMessage } from '@atrium/protocol';
import { useRef } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { SocialText, SocialUiText as T } from './texts.ts';

export interface IncomingPopupProps {
  message: InboxMessage;
  /** Accept (true) or reject (false); Escape rejects. */
  onAnswer: (accept: boolean) => void;
}

const titleOf = (m: InboxMessage): string => {
  switch (m.inbox) {
    case 'CallUser':
      return T.incomingCall;
    case 'InviteUser':
      return T.incomingInvite;
    case 'RequestUser':
      return SocialText.actionPopup;
    case 'PingUser':
      return T.pingFrom(m.from);
  }
};

const bodyOf = (m: InboxMessage): string => {
  switch (m.inbox) {
    case 'CallUser':
      return T.callFrom(m.from);
    case 'InviteUser':
      return T.inviteFrom(m.from);
    case 'RequestUser':
      return T.actionFrom(m.from, m.user_action_type ?? 'action');
    case 'PingUser':
      return T.pingFrom(m.from);
  }
};

/**
 * SPEC §2: the incoming call / invite popup (caller name, accept, reject; the invite has its own
 * style) and the action-request popup. One at a time; focus starts on Accept, Escape rejects.
 */
export function IncomingPopup({ message, onAnswer }: IncomingPopupProps) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  const variant = message.inbox === 'InviteUser' ? 'social-incoming--invite' : '';
  return (
    <PopupShell
      open
      modal
      role="alertdialog"
      className={`social-incoming ${variant}`}
      initialFocus={acceptRef}
      onDismiss={() => onAnswer(false)}
    >
      <Dialog.Title className="dialog__title">{titleOf(message)}</Dialog.Title>
      <Dialog.Description className="dialog__description social-incoming__from">
        {bodyOf(message)}
      </Dialog.Description>
      <div className="dialog__actions">
        <button
          ref={acceptRef}
          type="button"
          className="button button--primary"
          data-control="social-accept"
          onClick={() => onAnswer(true)}
        >
          {T.accept}
        </button>
        <button
          type="button"
          className="button button--secondary"
          data-control="social-reject"
          onClick={() => onAnswer(false)}
        >
          {T.reject}
        </button>
      </div>
    </PopupShell>
  );
}
