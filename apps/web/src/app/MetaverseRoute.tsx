import { useWorldClassroom } from '../features/classroom/WorldClassroom.tsx';
import { MetaversePage } from '../features/metaverse/MetaversePage.tsx';

/** The metaverse page with the classroom in it: its toolbar button, panel and world messages. */
export function MetaverseRoute() {
  const classroom = useWorldClassroom();
  return (
    <MetaversePage
      toolbarSlot={classroom.button}
      stageSlot={classroom.overlay}
      onWorldMessage={classroom.onBridge}
    />
  );
}
