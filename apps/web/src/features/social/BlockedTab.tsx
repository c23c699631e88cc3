import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { SocialUiText as T } from './texts.ts';
import { UsernameForm } from './UsernameForm.tsx';
import { useBlockMutations, useBlocks } from './useSocialQueries.ts';

/** The people this user blocked: their requests, calls and invites are refused (issue 16). */
export function BlockedTab() {
  const list = useBlocks();
  const { block, unblock } = useBlockMutations();

  const handleBlock = async (name: string) => {
    const username = name.trim();
    try {
      await block.mutateAsync(username);
      notifySuccess(T.blocked(username));
      return true;
    } catch (error) {
      notifyError(errorMessage(error));
      return false;
    }
  };

  const handleUnblock = async (userId: string) => {
    try {
      await unblock.mutateAsync(userId);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <div className="social-section">
      <UsernameForm
        label={T.blockLabel}
        submitLabel={T.block}
        variant="secondary"
        onSubmit={handleBlock}
      />
      {list.isPending && <p className="social-empty">{T.loading}</p>}
      {list.isError && (
        <p className="social-empty" role="alert">
          {errorMessage(list.error)}
        </p>
      )}
      {list.isSuccess && list.data.length === 0 && <p className="social-empty">{T.noBlocked}</p>}
      {list.isSuccess && list.data.length > 0 && (
        <ul className="social-list" aria-label={T.tabBlocked}>
          {list.data.map((user) => (
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
