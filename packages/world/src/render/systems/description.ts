import type { Interactable } from '../../interaction.ts';
import { describeSurroundings, DescriptionText } from '../../world-description.ts';
import { avatarLabel } from '../avatar-view.ts';
import type { WorldTextView } from '../world-text.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';
import type { InteractionSystem } from './interaction.ts';

/** How often (engine ms) the description is worked out again; it is written only on a change. */
export const DESCRIBE_INTERVAL_MS = 1000;

/**
 * The world's text alternative: about once a second, the description of what is near (people,
 * what the avatar faces, the hint for E) and the name tags, each handed to the view only when
 * its text changed, so a screen reader hears each change once.
 */
export const createDescriptionSystem = (
  ctx: Pick<WorldContext, 'self' | 'remotes'>,
  interaction: Pick<InteractionSystem, 'current'>,
  landmarks: readonly Interactable[],
  view: Pick<WorldTextView, 'describe' | 'nameTags'>,
): WorldSystem => {
  let nextMs = 0;
  let said = '';
  let tagged = '';
  return {
    name: 'description',
    update(_dt, nowMs) {
      if (nowMs < nextMs || !ctx.self.state) return;
      nextMs = nowMs + DESCRIBE_INTERVAL_MS;
      const people = ctx.remotes.summary();
      const text = describeSurroundings({
        self: ctx.self.body,
        people,
        target: interaction.current(),
        landmarks,
      });
      if (text !== said) {
        said = text;
        view.describe(text);
      }
      const tags = [
        DescriptionText.self(avatarLabel(ctx.self.state)),
        ...people.map((p) => p.label).sort((a, b) => a.localeCompare(b)),
      ];
      if (tags.join('\n') !== tagged) {
        tagged = tags.join('\n');
        view.nameTags(tags);
      }
    },
  };
};
