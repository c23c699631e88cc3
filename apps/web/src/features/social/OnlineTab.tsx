import { useCallback, useId, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import type { SocialActions } from './SocialLive.tsx';
import type { SocialHttp } from './socialApi.ts';
import { SocialUiText as T } from './texts.ts';
import { useLoad } from './useLoad.ts';

export interface OnlineTabProps {
  me: string;
  http: SocialHttp;
  actions: SocialActions;
  version: number;
}

/** Who is online (on every server process), searchable by username; call or add anyone. */
export function OnlineTab({ me, http, actions, version }: OnlineTabProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const load = useCallback(() => http.online(search), [http, search]);
  const { state } = useLoad(load, version);

  const handleAdd = async (username: string) => {
    try {
      notifySuccess(await http.request(username));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const others = state.phase === 'ready' ? state.data.users.filter((u) => u.username !== me) : [];
  return (
    <div className="social-section">
      <div className="social-form">
        <label htmlFor={searchId} className="social-form__label">
          {T.searchOnline}
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input"
          value={search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {state.phase === 'loading' && <p className="social-empty">{T.loading}</p>}
      {state.phase === 'error' && (
        <p className="social-empty" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'ready' && others.length === 0 && (
        <p className="social-empty">{T.nobodyOnline}</p>
      )}
      {others.length > 0 && (
        <ul className="social-list" aria-label={T.tabOnline}>
          {others.map((user) => (
            <li key={user.user_id} className="social-row" data-online={user.username}>
              <span className="social-status social-status--on" aria-hidden="true" />
              <span className="social-row__name">{user.username}</span>
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
              </span>
            </li>
          ))}
        </ul>
      )}
      {state.phase === 'ready' && state.data.total > state.data.users.length && (
        <p className="social-row__meta">
          {T.moreOnline(state.data.users.length, state.data.total)}
        </p>
      )}
    </div>
  );
}
