import { AppRoute, AuthText } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/SessionContext.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { errorMessage } from '../api/client.ts';
import { AuthWebText } from './texts.ts';
import { useActivate } from './useAuth.ts';
import './ActivationNotice.css';

/** `activated` and `already-active` both end in an account that can log in. */
type Outcome = 'activated' | 'already-active' | 'failed';

type Activation =
  | { readonly kind: 'none' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'done'; readonly outcome: Outcome; readonly message: string };

const titles: Record<Outcome, string> = {
  activated: AuthWebText.activationTitle,
  'already-active': AuthWebText.alreadyActiveTitle,
  failed: AuthWebText.activationFailedTitle,
};

function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}

function withoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * SPEC §2: the activation link opens the metaverse page with `?token=`. Activates the account
 * once, takes the single-use token out of the address, and shows the result.
 */
export function ActivationNotice() {
  const { mutateAsync: activate } = useActivate();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [activation, setActivation] = useState<Activation>(() =>
    tokenOf(location.search) ? { kind: 'pending' } : { kind: 'none' },
  );
  const started = useRef<string | null>(null);

  useEffect(() => {
    const token = tokenOf(location.search);
    if (!token || started.current === token) return;
    started.current = token;
    // A reload or a shared screenshot must not carry the token.
    void navigate(
      { search: withoutToken(location.search), hash: location.hash },
      { replace: true },
    );
    activate(token).then(
      (response) => {
        setActivation(
          response.already_active
            ? { kind: 'done', outcome: 'already-active', message: AuthText.alreadyActive }
            : { kind: 'done', outcome: 'activated', message: AuthText.activated },
        );
      },
      (error: unknown) => {
        const message = errorMessage(error, AuthText.invalidToken);
        setActivation({ kind: 'done', outcome: 'failed', message });
      },
    );
  }, [activate, location.search, location.hash, navigate]);

  if (activation.kind === 'none') return null;
  if (activation.kind === 'pending') {
    return (
      <div className="activation-notice">
        <FormAlert tone="info">
          <p>
            <strong>{AuthWebText.activationTitle}</strong>
          </p>
          <p className="activation-notice__pending">
            <span className="spinner" aria-hidden="true" />
            {AuthWebText.activating}
          </p>
        </FormAlert>
      </div>
    );
  }
  const ok = activation.outcome !== 'failed';
  return (
    <div className="activation-notice">
      <FormAlert tone={ok ? 'success' : 'error'}>
        <p>
          <strong>{titles[activation.outcome]}</strong>
        </p>
        <p>{activation.message}</p>
        {ok && !user && (
          <p>
            <Link to={AppRoute.home}>{AuthWebText.goToLogin}</Link>
          </p>
        )}
      </FormAlert>
    </div>
  );
}
