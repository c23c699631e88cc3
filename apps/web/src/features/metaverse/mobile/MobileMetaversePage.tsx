import { AppRoute } from '@atrium/protocol';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../shared/texts.ts';
import { useSessionState } from '../../../shared/session/SessionContext.tsx';
import { CampusIllustration } from '../../../shared/ui/CampusIllustration.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { usePageTitle } from '../../../shared/ui/usePageTitle.ts';
import { ActivationNotice } from '../../../shared/auth/ActivationNotice.tsx';
import { AuthWebText } from '../../../shared/auth/texts.ts';
import { useGuestEntry } from '../../../shared/auth/useGuestEntry.ts';
import { thisDeviceTraits, UnsupportedDeviceWarning } from '../popups/index.ts';
import { ServerStatus } from '../ServerStatus.tsx';
import { WorldText } from '../texts.ts';
import { WorldHost, type WorldHostProps } from '../WorldHost.tsx';
import { MobileText } from './texts.ts';
import { useStageFitsScreen } from './useStageFitsScreen.ts';
import '../MetaversePage.css';
import './mobile.css';

/** SPEC §2: a guest in the mobile metaverse is offered guest entry or a login link. */
function MobileSignedOut({ restoring }: { restoring: boolean }) {
  const guest = useGuestEntry();
  return (
    <section className="metaverse-stage mobile-stage" aria-labelledby="mobile-stage-title">
      <CampusIllustration className="metaverse-stage__art" />
      <div className="metaverse-stage__message">
        <h2 id="mobile-stage-title" className="metaverse-stage__title">
          {MobileText.signedOutTitle}
        </h2>
        <p>{MobileText.signedOutBody}</p>
        {!restoring && (
          <div className="mobile-stage__actions">
            <SubmitButton
              type="button"
              className="button button--primary button--block"
              busy={guest.pending}
              busyLabel={AuthWebText.enteringAsGuest}
              onClick={guest.enter}
            >
              {AuthWebText.enterAsGuest}
            </SubmitButton>
            <Link to={AppRoute.home} className="button button--secondary button--block">
              {MobileText.logIn}
            </Link>
          </div>
        )}
        <ServerStatus />
      </div>
    </section>
  );
}

/**
 * `/metaverse/mobile.html`: the world for phones and tablets, with touch controls (joystick,
 * tap to walk, pinch, emote and photo buttons), the touch tutorial, then the fullscreen
 * recommendation. Only a device without WebGL is warned (SPEC §4).
 */
export function MobileMetaversePage(
  extras: Pick<
    WorldHostProps,
    'toolbarSlot' | 'stageSlot' | 'onWorldMessage' | 'onWorldHandle' | 'wallet'
  > = {},
) {
  usePageTitle(PageTitle.metaverse);
  const navigate = useNavigate();
  const session = useSessionState();
  const [webgl] = useState(() => thisDeviceTraits().webgl);
  const user = session.phase === 'signedIn' ? session.user : null;
  const token = session.phase === 'signedIn' ? session.token : null;
  const pageRef = useRef<HTMLDivElement>(null);
  useStageFitsScreen(pageRef, webgl && user !== null);

  return (
    <div ref={pageRef} className="container container--wide mobile-metaverse">
      <ActivationNotice />
      {!webgl ? (
        <UnsupportedDeviceWarning open onHome={() => void navigate(AppRoute.home)} />
      ) : user && token ? (
        <WorldHost key={user.username} user={user} token={token} touch {...extras} />
      ) : (
        <>
          <h1 className="visually-hidden">{WorldText.frameTitle}</h1>
          <MobileSignedOut restoring={session.phase === 'restoring'} />
        </>
      )}
    </div>
  );
}
