import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '../../shared/api/client.ts';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { LazyReportPanel } from '../../shared/report/LazyReport.tsx';
import { ReportText } from '../../shared/report/texts.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { PersonRow } from './PersonRow.tsx';
import type { SocialActions } from './socialState.ts';
import { SocialUiText as T } from './texts.ts';
import { useFriendMutations, useOnlineUsers, useOnlineWatch } from './useSocialQueries.ts';

export interface OnlineTabProps {
  me: string;
  /** Keeps the list live while the tab is open (issue 27); null: it loads once. */
  socket: AppSocket | null;
  actions: SocialActions;
}

/**
 * Who is online (on every server process), searchable by username; call or add anyone. The list
 * follows who comes and goes while the tab is open.
 */
export function OnlineTab({ me, socket, actions }: OnlineTabProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const online = useOnlineUsers(search, useOnlineWatch(socket));
  const { request } = useFriendMutations();
  // Issue 29: whom the report form is open for. It takes the list's place in the panel, which is
  // already a dialog (one dialog at a time); the list stays mounted underneath, hidden.
  const [reporting, setReporting] = useState<string | null>(null);
  const reportButtons = useRef(new Map<string, HTMLButtonElement>());
  const searchRef = useRef<HTMLInputElement>(null);

  const handleReportDone = () => {
    const name = reporting;
    flushSync(() => setReporting(null));
    // Back to the row's Report button; the search box if that person has gone offline meanwhile.
    const button = name ? reportButtons.current.get(name) : undefined;
    (button?.isConnected ? button : searchRef.current)?.focus();
  };

  const handleAdd = async (username: string) => {
    try {
      notifySuccess(await request.mutateAsync(username));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const others = online.isSuccess ? online.data.users.filter((u) => u.username !== me) : [];
  return (
    <div className="social-section">
      {reporting && <LazyReportPanel username={reporting} onDone={handleReportDone} />}
      <div className="social-online" hidden={reporting !== null}>
        <div className="social-form">
          <label htmlFor={searchId} className="social-form__label">
            {T.searchOnline}
          </label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="field__input"
            value={search}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {online.isPending && <p className="social-empty">{T.loading}</p>}
        {online.isError && (
          <p className="social-empty" role="alert">
            {errorMessage(online.error)}
          </p>
        )}
        {online.isSuccess && others.length === 0 && (
          <p className="social-empty">{T.nobodyOnline}</p>
        )}
        {others.length > 0 && (
          <ul className="social-list" aria-label={T.tabOnline}>
            {others.map((user) => (
              <PersonRow
                key={user.user_id}
                name={user.username}
                online
                data={{ 'data-online': user.username }}
              >
                <span className="social-row__actions">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => void actions.call(user.username)}
                  >
                    {T.call}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => void handleAdd(user.username)}
                  >
                    {T.addFriend}
                  </button>
                  <button
                    ref={(button) => {
                      if (button) reportButtons.current.set(user.username, button);
                      else reportButtons.current.delete(user.username);
                    }}
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={ReportText.reportPerson(user.username)}
                    onClick={() => setReporting(user.username)}
                  >
                    {ReportText.report}
                  </button>
                </span>
              </PersonRow>
            ))}
          </ul>
        )}
        {online.isSuccess && online.data.total > online.data.users.length && (
          <p className="social-row__meta">
            {T.moreOnline(online.data.users.length, online.data.total)}
          </p>
        )}
      </div>
    </div>
  );
}
