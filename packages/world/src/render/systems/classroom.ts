import { boardAt, classroomAt, classroomTargets, createNearTracker } from '../../classroom-zone.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';
import type { InteractionSystem } from './interaction.ts';

/** How far away a clicked board still joins its class, in metres. */
const CLICK_REACH = 14;

/**
 * The classroom building: tells the host which class the avatar is near (`classroom_near`,
 * on each change only), and joins a class (`classroom_join`) on E or the prompt in its area,
 * or on a click on its board.
 */
export const createClassroomSystem = (
  ctx: Pick<WorldContext, 'layout' | 'self' | 'scene' | 'pick' | 'bridge'>,
  interaction: InteractionSystem,
): WorldSystem => {
  const building = ctx.layout.classrooms;
  if (!building) return { name: 'classroom' };
  const near = createNearTracker();
  const removers = [
    interaction.addTargets(classroomTargets(building), (target) => {
      if (target.room) ctx.bridge({ type: 'classroom_join', room: target.room });
    }),
    interaction.addPointerAction((pointer) => {
      // The walls and furniture take part, so a board behind a wall cannot be clicked through it.
      const objects = [
        ...ctx.scene.getObjectsByProperty('name', 'campus-signs'),
        ...ctx.scene.getObjectsByProperty('name', 'scenery'),
      ];
      const hit = ctx.pick(pointer.x, pointer.y, objects, true);
      if (!hit || hit.distance >= CLICK_REACH || hit.object.name !== 'campus-signs') return false;
      const room = boardAt(hit.point, building);
      if (!room) return false;
      ctx.bridge({ type: 'classroom_join', room });
      return true;
    }),
  ];
  return {
    name: 'classroom',
    update() {
      const { changed, room } = near(classroomAt(ctx.self.body, building));
      if (changed) ctx.bridge({ type: 'classroom_near', room });
    },
    dispose() {
      for (const remove of removers) remove();
    },
  };
};
