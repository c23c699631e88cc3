import { PageTitle } from '../../shared/texts.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { ActivationNotice } from '../auth/ActivationNotice.tsx';
import { InterfacePreview } from './InterfacePreview.tsx';
import { WorldStage } from './WorldStage.tsx';
import './MetaversePage.css';

/** `/metaverse/index.html`: the 3D campus, with the shell's interface primitives below it. */
export function MetaversePage() {
  usePageTitle(PageTitle.metaverse);
  return (
    <div className="container">
      <PageHeader eyebrow="Campus world" title="Metaverse">
        <p>Walk in, meet people and join a class.</p>
      </PageHeader>
      <ActivationNotice />
      <div className="metaverse-layout">
        <WorldStage />
        <InterfacePreview />
      </div>
    </div>
  );
}
