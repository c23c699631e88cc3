import { CharacterButton } from '../features/character/CharacterEntry.tsx';
import { useWorldClassroom } from '../features/classroom/WorldClassroom.tsx';
import { MetaversePage } from '../features/metaverse/MetaversePage.tsx';
import { MobileMetaversePage } from '../features/metaverse/mobile/MobileMetaversePage.tsx';
import { worldWalletSlots } from '../features/wallet/WorldWallet.tsx';
import { setWorldHandle } from './worldLink.ts';

/** The metaverse page with the classroom in it: its toolbar button, panel and world messages. */
export function MetaverseRoute() {
  const classroom = useWorldClassroom();
  return (
    <MetaversePage
      toolbarSlot={
        <>
          {classroom.button}
          <CharacterButton variant="toolbar" />
        </>
      }
      stageSlot={classroom.overlay}
      miniGameVideoSlot={classroom.miniGamePanel}
      onWorldMessage={classroom.onBridge}
      onWorldHandle={setWorldHandle}
      wallet={worldWalletSlots}
    />
  );
}

/** The phone's metaverse page, with the same classroom (the panel is a bottom sheet there). */
export function MobileMetaverseRoute() {
  const classroom = useWorldClassroom();
  return (
    <MobileMetaversePage
      toolbarSlot={classroom.button}
      stageSlot={classroom.overlay}
      onWorldMessage={classroom.onBridge}
      onWorldHandle={setWorldHandle}
      wallet={worldWalletSlots}
    />
  );
}
