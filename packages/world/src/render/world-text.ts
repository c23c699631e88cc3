import { DescriptionText } from '../world-description.ts';

/** The world's text alternative in the page: what a screen reader reads instead of the canvas. */
export interface WorldTextView {
  /** Replaces the live description (read out politely). */
  describe(text: string): void;
  /** Replaces the name tags list. */
  nameTags(labels: readonly string[]): void;
  dispose(): void;
}

/** Off screen but in the accessibility tree (the usual "visually hidden" rules). */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;' +
  'clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;';

const list = (name: string, items: readonly string[]): HTMLUListElement => {
  const ul = document.createElement('ul');
  ul.setAttribute('aria-label', name);
  fill(ul, items);
  return ul;
};

const fill = (ul: HTMLUListElement, items: readonly string[]) => {
  ul.replaceChildren(
    ...items.map((text) => {
      const li = document.createElement('li');
      li.textContent = text;
      return li;
    }),
  );
};

/**
 * Puts the text alternative right after the canvas: a polite live region describing what is
 * near, the name tags and the signs as lists. Nothing of it is seen.
 */
export const createWorldTextView = (
  canvas: HTMLCanvasElement,
  signs: readonly string[],
): WorldTextView => {
  const root = document.createElement('div');
  root.className = 'atrium-world-text';
  root.style.cssText = VISUALLY_HIDDEN;
  const live = document.createElement('p');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-label', DescriptionText.region);
  const tags = list(DescriptionText.nameTags, []);
  root.append(live, tags);
  if (signs.length > 0) root.append(list(DescriptionText.signs, signs));
  canvas.after(root);
  return {
    describe(text) {
      live.textContent = text;
    },
    nameTags: (labels) => fill(tags, labels),
    dispose: () => root.remove(),
  };
};
