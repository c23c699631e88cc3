import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import type { SocialHttp } from './socialApi.ts';
import { SocialUiText as T } from './texts.ts';
import { useLoad } from './useLoad.ts';

/** The people this user blocked: their requests, calls and invites are refused (issue 16). */
export function BlockedTab({ http }: { http: SocialHttp }) {
  const { state, reload } = useLoad(http.blocks, 0);
  const [name, setName] = useState('');
  const inputId = useId();

  const handleBlock = async (event: FormEvent) => {
    event.preventDefault();
    const username = name.trim();
    try {
      await http.block(username);
      notifySuccess(T.blocked(username));
      setName('');
      reload();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const handleUnblock = async (userId: string) => {
    try {
      await http.unblock(userId);
      reload();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <div className="social-section">
      <form className="social-form" onSubmit={(e) => void handleBlock(e)}>
        <label htmlFor={inputId} className="social-form__label">
          {T.blockLabel}
        </label>
        <div className="social-form__row">
          <input
            id={inputId}
            className="field__input"
            value={name}
            autoComplete="off"
            placeholder={T.addFriendLabel}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {T.block}
          </button>
        </div>
      </form>
      {state.phase === 'loading' && <p className="social-empty">{T.loading}</p>}
      {state.phase === 'error' && (
        <p className="social-empty" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'ready' && state.data.length === 0 && (
        <p className="social-empty">{T.noBlocked}</p>
      )}
      {state.phase === 'ready' && state.data.length > 0 && (
        <ul className="social-list" aria-label={T.tabBlocked}>
          {state.data.map((user) => (
            <li key={user.user_id} className="social-row">
              <span className="social-row__name">{user.username}</span>
              <span className="social-row__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void handleUnblock(user.user_id)}
                >
                  {T.unblock}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
