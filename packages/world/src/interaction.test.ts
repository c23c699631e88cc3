import { CAMPUS_LAYOUT } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createInputState } from './input.ts';
import {
  nearbyPrompt,
  pickInteraction,
  PROMPT_TEXTS,
  promptText,
  type Interactable,
} from './interaction.ts';
import { createAvatarBody, stepMovement } from './movement.ts';

/** At the origin, facing +z (ry 0 looks along (sin 0, cos 0)). */
const AVATAR = { x: 0, z: 0, ry: 0 };

const target = (id: string, x: number, z: number, extra: Partial<Interactable> = {}) => ({
  id,
  kind: 'poster',
  x,
  z,
  radius: 0.5,
  ...extra,
});

describe('pickInteraction', () => {
  it('picks the nearest target in front', () => {
    const near = target('near', 0.3, 1.5);
    const far = target('far', 0, 2.5);
    expect(pickInteraction(AVATAR, [far, near])).toBe(near);
    expect(pickInteraction(AVATAR, [near, far])).toBe(near);
  });

  it('measures reach to the edge, and ignores targets out of reach', () => {
    expect(pickInteraction(AVATAR, [target('a', 0, 3.6)])).toBeNull();
    expect(pickInteraction(AVATAR, [target('a', 0, 3.4)])?.id).toBe('a');
    expect(pickInteraction(AVATAR, [target('wide', 0, 4.5, { radius: 2 })])?.id).toBe('wide');
    expect(pickInteraction(AVATAR, [target('a', 0, 3.4)], 2)).toBeNull();
  });

  it('ignores targets behind or well to the side of the avatar', () => {
    expect(pickInteraction(AVATAR, [target('behind', 0, -1.5)])).toBeNull();
    // 60° off the facing is in view; 80° is not.
    const at = (deg: number) =>
      target(`${deg}`, 2 * Math.sin((deg * Math.PI) / 180), 2 * Math.cos((deg * Math.PI) / 180));
    expect(pickInteraction(AVATAR, [at(60)])?.id).toBe('60');
    expect(pickInteraction(AVATAR, [at(-60)])?.id).toBe('-60');
    expect(pickInteraction(AVATAR, [at(80)])).toBeNull();
  });

  it('skips a nearer target behind for a farther one ahead', () => {
    const behind = target('behind', 0, -1);
    const ahead = target('ahead', 0, 2.5);
    expect(pickInteraction(AVATAR, [behind, ahead])).toBe(ahead);
  });

  it('uses the same facing as movement: after walking right, targets to the right are ahead', () => {
    const body = stepMovement(
      createAvatarBody(CAMPUS_LAYOUT),
      { ...createInputState(), right: true, jump: false },
      0,
      1 / 60,
      CAMPUS_LAYOUT,
    );
    const right = target('right', body.x + 2, body.z);
    const left = target('left', body.x - 2, body.z);
    expect(pickInteraction(body, [left, right])).toBe(right);
  });

  it('uses a wall poster only from the front side', () => {
    // The gallery's north wall, inner face at z = -33.5, facing south into the hall (+z).
    const poster = target('p', 0, -33.5, { nx: 0, nz: 1 });
    const inside = { x: 0, z: -31.5, ry: Math.PI };
    const outside = { x: 0, z: -35.5, ry: 0 };
    expect(pickInteraction(inside, [poster])).toBe(poster);
    expect(pickInteraction(outside, [poster])).toBeNull();
    // Standing exactly in the wall's plane is not in front of it either.
    expect(pickInteraction({ x: 2, z: -33.5, ry: -Math.PI / 2 }, [poster])).toBeNull();
  });

  it('breaks distance ties by the more direct target, then by id, whatever the order', () => {
    const ahead = target('b', 0, 2);
    const aside = target('a', 2 * Math.sin(0.5), 2 * Math.cos(0.5));
    expect(pickInteraction(AVATAR, [aside, ahead])).toBe(ahead);
    expect(pickInteraction(AVATAR, [ahead, aside])).toBe(ahead);

    const left = target('left', -1, 2);
    const right = target('right', 1, 2);
    expect(pickInteraction(AVATAR, [right, left])).toBe(left);
    expect(pickInteraction(AVATAR, [left, right])).toBe(left);
  });

  it('returns null with no targets', () => {
    expect(pickInteraction(AVATAR, [])).toBeNull();
  });
});

describe('nearbyPrompt', () => {
  it('prompts for the same target E would pick, with a text for its kind', () => {
    const poster = target('p', 0, 2);
    expect(nearbyPrompt(AVATAR, [poster, target('q', 0, 3)])).toEqual({
      target: poster,
      text: 'E: look at poster',
    });
    expect(nearbyPrompt(AVATAR, [target('p', 0, -2)])).toBeNull();
  });

  it('falls back to a generic text for other kinds', () => {
    expect(promptText(target('x', 0, 0, { kind: 'portal' }))).toBe(PROMPT_TEXTS.portal);
    expect(promptText(target('x', 0, 0, { kind: 'lamp' }))).toBe(PROMPT_TEXTS.default);
    expect(promptText(target('x', 0, 0, { kind: 'toString' }))).toBe(PROMPT_TEXTS.default);
  });

  it('words a classroom target by its room, and a roomless one generically', () => {
    const room3 = target('c', 0, 0, { kind: 'classroom', room: 'room-3' });
    expect(promptText(room3)).toBe('E: join Room 3 class');
    expect(promptText(target('c', 0, 0, { kind: 'classroom' }))).toBe(PROMPT_TEXTS.default);
    expect(promptText(target('x', 0, 0, { kind: 'classroom:room-1' }))).toBe(PROMPT_TEXTS.default);
  });
});

describe('floor-area targets', () => {
  const area = target('area', 20, 20, {
    kind: 'classroom',
    room: 'room-1',
    radius: 0,
    area: { minX: -1, minZ: -1, maxX: 1, maxZ: 1 },
  });

  it('are in play inside their area whichever way the avatar faces, and beat a poster there', () => {
    for (const ry of [0, 1, 2, 3, -2]) {
      expect(pickInteraction({ ...AVATAR, ry }, [area])).toBe(area);
    }
    expect(pickInteraction(AVATAR, [target('p', 0, 1.5), area])).toBe(area);
  });

  it('are out of play outside their area, even when faced from close by', () => {
    expect(pickInteraction({ x: 0, z: -1.2, ry: 0 }, [area])).toBeNull();
  });
});
