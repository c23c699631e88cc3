import { AppRoute } from '@atrium/protocol';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { useSessionState } from '../../shared/session/SessionContext.tsx';
import { CampusIllustration } from '../../shared/ui/CampusIllustration.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { ActivationNotice } from '../../shared/auth/ActivationNotice.tsx';
import { thisDeviceTraits, UnsupportedDeviceWarning, worldPageFor } from './popups/index.ts';
import { ServerStatus } from './ServerStatus.tsx';
import { WorldText } from './texts.ts';
import { WorldHost, type WorldHostProps } from './WorldHost.tsx';
import './MetaversePage.css';

/** Signed out: the way in, from the home page's login box. */
function SignedOutStage({ restoring }: { restoring: boolean }) {
  return (
    <section className="metaverse-stage" aria-labelledby="metaverse-stage-title">
      <CampusIllustration className="metaverse-stage__art" />
      <div className="metaverse-stage__message">
        <h2 id="metaverse-stage-title" className="metaverse-stage__title">
          {WorldText.signedOutTitle}
        </h2>
        <p>{WorldText.signedOutBody}</p>
        <div className="button-row">
          {!restoring && (
            <Link to={AppRoute.home} className="button button--primary">
              {WorldText.signedOutAction}
            </Link>
          )}
          <ServerStatus />
        </div>
      </div>
    </section>
  );
}

/**
 * `/metaverse/index.html` (SPEC §4 Page start and Stream): a phone or tablet goes on to the mobile
 * page, a device without WebGL is warned and led home; a signed-in visitor enters the world,
 * which runs in its embed frame.
 */
export function MetaversePage(
  extras: Pick<
    WorldHostProps,
    | 'toolbarSlot'
    | 'stageSlot'
    | 'miniGameVideoSlot'
    | 'onWorldMessage'
    | 'onWorldHandle'
    | 'wallet'
  > = {},
) {
  usePageTitle(PageTitle.metaverse);
  const navigate = useNavigate();
  const session = useSessionState();
  const [page] = useState(() => worldPageFor(thisDeviceTraits()));
  const signedIn = session.phase === 'signedIn' && session.user && session.token;

  // A phone or tablet that can run the world belongs on the page with touch controls.
  if (page === AppRoute.mobileMetaverse) {
    return <Navigate to={{ pathname: page, search: window.location.search }} replace />;
  }
  return (
    <div className="container container--wide">
      <ActivationNotice />
      {page === 'unsupported' ? (
        <UnsupportedDeviceWarning open onHome={() => void navigate(AppRoute.home)} />
      ) : signedIn && session.user && session.token ? (
        <WorldHost
          key={session.user.username}
          user={session.user}
          token={session.token}
          {...extras}
        />
      ) : (
        <div className="metaverse-layout">
          <h1 className="visually-hidden">{WorldText.frameTitle}</h1>
          <SignedOutStage restoring={session.phase === 'restoring'} />
        </div>
      )}
    </div>
  );
}
