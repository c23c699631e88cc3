import { nearbyPrompt, pickInteraction, type Interactable } from '../../interaction.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** A pointer position in client coordinates. */
export interface Pointer {
  x: number;
  y: number;
}

/** What E and a click act on, and the hint shown near a target. */
export interface InteractionSystem extends WorldSystem {
  /** Adds targets in reach of the avatar, used by `use`; returns their removal. */
  addTargets(targets: readonly Interactable[], use: (target: Interactable) => void): () => void;
  /** Adds a click handler for things under the pointer; it answers whether it acted. */
  addPointerAction(act: (pointer: Pointer) => boolean): () => void;
  /** E, or a click: the target in reach, else something under the pointer. */
  interact(pointer: Pointer | null): void;
  /** What E acts on now and its hint, as of the last step. */
  current(): { target: Interactable; text: string } | null;
}

/** Interaction over the targets other systems add (portals, posters, a classroom door…). */
export const createInteractionSystem = (
  ctx: Pick<WorldContext, 'self'>,
  onPrompt: (text: string | null) => void,
): InteractionSystem => {
  const groups: { targets: readonly Interactable[]; use: (target: Interactable) => void }[] = [];
  const pointerActions: ((pointer: Pointer) => boolean)[] = [];
  // Flattened once per change, not per step: the prompt check runs at 60 Hz.
  let targets: readonly Interactable[] = [];
  let promptShown: string | null = null;
  let near: { target: Interactable; text: string } | null = null;
  const flatten = () => {
    targets = groups.flatMap((g) => g.targets);
  };
  const remove = <T>(list: T[], item: T) => {
    const at = list.indexOf(item);
    if (at >= 0) list.splice(at, 1);
  };

  return {
    name: 'interaction',
    addTargets(list, use) {
      const group = { targets: list, use };
      groups.push(group);
      flatten();
      return () => {
        remove(groups, group);
        flatten();
      };
    },
    addPointerAction(act) {
      pointerActions.push(act);
      return () => remove(pointerActions, act);
    },
    interact(pointer) {
      // A click in the world passes over floor areas (a class area is the whole room): else every
      // click there, a double click to walk between desks included, would act on it.
      const near = pickInteraction(
        ctx.self.body,
        pointer ? targets.filter((t) => !t.area) : targets,
      );
      if (near) {
        groups.find((g) => g.targets.includes(near))?.use(near);
        return;
      }
      if (!pointer) return;
      for (const act of pointerActions) if (act(pointer)) return;
    },
    current: () => near,
    update() {
      near = nearbyPrompt(ctx.self.body, targets);
      const prompt = near?.text ?? null;
      if (prompt !== promptShown) {
        promptShown = prompt;
        onPrompt(prompt);
      }
    },
  };
};
