import * as Dialog from '@radix-ui/react-dialog';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { BlockedTab } from './BlockedTab.tsx';
import { DebugTools, debugToolsEnabled } from './DebugTools.tsx';
import { FriendsTab } from './FriendsTab.tsx';
import { NotificationsTab } from './NotificationsTab.tsx';
import { OnlineTab } from './OnlineTab.tsx';
import { useUnread, type SocialActions } from './socialState.ts';
import { SocialUiText as T } from './texts.ts';

const TABS = ['friends', 'online', 'notifications', 'blocked'] as const;
type Tab = (typeof TABS)[number];
const label: Record<Tab, string> = {
  friends: T.tabFriends,
  online: T.tabOnline,
  notifications: T.tabNotifications,
  blocked: T.tabBlocked,
};

export interface SocialPanelProps {
  me: string;
  /** The layer's socket, for the Online tab's live list; null until connected. */
  socket: AppSocket | null;
  actions: SocialActions;
  /** Bumped by live events (the open list reloads by itself; notifications are marked read). */
  version: number;
  canInvite: boolean;
  onClose: () => void;
  /** The ringing call's bar (OutgoingCall), shown in the panel while it is open. */
  outgoing?: ReactNode;
}

/** SPEC §2: the friends list panel with who is online, the notifications and the block list. */
export function SocialPanel({
  me,
  socket,
  actions,
  version,
  canInvite,
  onClose,
  outgoing,
}: SocialPanelProps) {
  const unread = useUnread();
  // Unread notifications are what the lit dot points at, so the panel opens on them.
  const [tab, setTab] = useState<Tab>(() => (unread > 0 ? 'notifications' : 'friends'));

  // Arrow keys move between tabs, as a tab list should.
  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'friends';
    setTab(next);
    document.getElementById(`social-tab-${next}`)?.focus();
  };

  return (
    <PopupShell open onDismiss={onClose} className="social-panel" closeButton described={false}>
      <Dialog.Title className="dialog__title">{T.panelTitle}</Dialog.Title>
      {outgoing}
      <div className="social-tabs" role="tablist" aria-label={T.panelTitle}>
        {TABS.map((t) => (
          <button
            key={t}
            id={`social-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`social-tabpanel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="social-tabs__tab"
            onClick={() => setTab(t)}
            onKeyDown={handleTabKey}
          >
            {label[t]}
            {t === 'notifications' && unread > 0 && (
              <span className="social-tabs__count">{unread}</span>
            )}
          </button>
        ))}
      </div>
      <div
        id={`social-tabpanel-${tab}`}
        role="tabpanel"
        aria-labelledby={`social-tab-${tab}`}
        // Tab reaches the panel even when its list has no control (read notifications).
        tabIndex={0}
        className="social-panel__body"
      >
        {tab === 'friends' && <FriendsTab actions={actions} canInvite={canInvite} />}
        {tab === 'online' && <OnlineTab me={me} socket={socket} actions={actions} />}
        {tab === 'notifications' && <NotificationsTab actions={actions} version={version} />}
        {tab === 'blocked' && <BlockedTab />}
      </div>
      {debugToolsEnabled(import.meta.env.DEV, window.location.search) && (
        <DebugTools actions={actions} />
      )}
    </PopupShell>
  );
}
