import { PageTitle } from '../../shared/texts.ts';
import { CampusIllustration } from '../../shared/ui/CampusIllustration.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { ActivationNotice } from '../auth/ActivationNotice.tsx';
import { InterfacePreview } from './InterfacePreview.tsx';
import { ServerStatus } from './ServerStatus.tsx';
import './MetaversePage.css';

/** `/metaverse/index.html`: where the 3D world will open. */
export function MetaversePage() {
  usePageTitle(PageTitle.metaverse);
  return (
    <div className="container">
      <PageHeader eyebrow="Campus world" title="Metaverse">
        <p>Your campus opens here: walk in, meet people and join a class.</p>
      </PageHeader>
      <ActivationNotice />
      <div className="metaverse-layout">
        <section className="metaverse-stage" aria-labelledby="metaverse-stage-title">
          <CampusIllustration className="metaverse-stage__art" />
          <div className="metaverse-stage__message">
            <h2 id="metaverse-stage-title" className="metaverse-stage__title">
              The world is being prepared
            </h2>
            <p>
              Soon this space will load the 3D campus, sign you in or let you enter as a guest, and
              place your avatar at the entrance.
            </p>
            <ServerStatus />
          </div>
        </section>
        <InterfacePreview />
      </div>
    </div>
  );
}
