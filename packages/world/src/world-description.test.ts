import { CAMPUS_LAYOUT } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { nearbyPrompt, PROMPT_TEXTS, type Interactable } from './interaction.ts';
import { campusLandmarks, SignText } from './render/campus-signs.ts';
import { avatar, createFakeContext } from './render/systems/fake-context.ts';
import { createDescriptionSystem, DESCRIBE_INTERVAL_MS } from './render/systems/description.ts';
import { describeSurroundings, DescriptionText, directionTo } from './world-description.ts';

/** Facing north (−z), as in the gallery hall looking at its north wall. */
const north = Math.PI;
const poster: Interactable = {
  id: 'poster:1',
  kind: 'poster',
  label: 'The Atrium Plaza',
  x: 0,
  z: -32.85,
  radius: 1.1,
  nx: 0,
  nz: 1,
};
const landmarks = campusLandmarks(CAMPUS_LAYOUT.classrooms);

describe('the world description', () => {
  it('names the poster faced, the hint for E, and who is near by direction, nearest first', () => {
    const self = { x: 0, z: -31, ry: north };
    const text = describeSurroundings({
      self,
      people: [
        { label: 'bob (Guest)', x: -3, z: -31 },
        { label: 'ada (Teacher)', x: 0, z: -29 },
        { label: 'far (Guest)', x: 0, z: -20 },
      ],
      target: nearbyPrompt(self, [poster]),
      landmarks,
    });
    expect(text).toBe(
      `${DescriptionText.facing.poster('The Atrium Plaza')} ${PROMPT_TEXTS.poster}. ` +
        DescriptionText.nearby('ada (Teacher) behind you, bob (Guest) to your left'),
    );
  });

  it('says nobody is near, and describes a sign or a door faced when nothing is in reach', () => {
    // On the plaza, facing the gallery hall's door and its sign from 6 m.
    const outside = describeSurroundings({
      self: { x: 0, z: -8, ry: north },
      people: [],
      target: null,
      landmarks,
    });
    expect(outside).toBe(
      `${DescriptionText.facing.sign(SignText.gallery)} ${DescriptionText.nobody}`,
    );
    // Inside the hall the sign is on the wall's other side: the door is what is ahead.
    const inside = describeSurroundings({
      self: { x: 0, z: -19, ry: 0 },
      people: [],
      target: null,
      landmarks,
    });
    expect(inside).toBe(`In front of you: ${SignText.galleryDoor}. ${DescriptionText.nobody}`);
  });

  it('tells directions relative to the facing', () => {
    const self = { x: 0, z: 0, ry: north };
    expect(directionTo(self, { x: 0, z: -2 })).toBe('ahead');
    expect(directionTo(self, { x: 0, z: 2 })).toBe('behind');
    // Looking along −z with y up, +x is on the right.
    expect(directionTo(self, { x: 2, z: 0 })).toBe('right');
    expect(directionTo(self, { x: -2, z: 0 })).toBe('left');
    expect(directionTo({ x: 0, z: 0, ry: 0 }, { x: 2, z: 0 })).toBe('left');
  });

  it('the description system speaks about once a second and only when the text changes', () => {
    const ctx = createFakeContext();
    const said: string[] = [];
    const tags: string[][] = [];
    let current: ReturnType<typeof nearbyPrompt> = null;
    const system = createDescriptionSystem(ctx, { current: () => current }, [], {
      describe: (text) => said.push(text),
      nameTags: (labels) => tags.push([...labels]),
    });
    const step = (ms: number) => system.update?.(1 / 60, ms);
    step(0);
    // Nothing before the world lets us in.
    expect(said).toEqual([]);
    ctx.self.state = { ...avatar('me', 0), username: 'me', roleLabel: 'Student' };
    ctx.self.body = { ...ctx.self.body, x: 0, z: -31, ry: north };
    ctx.remotes.add({ ...avatar('ada', 1, 0, -29), roleLabel: 'Teacher' }, 0);
    step(10);
    expect(said).toEqual([DescriptionText.nearby('ada behind you')]);
    expect(tags).toEqual([[DescriptionText.self('me (Student)'), 'ada']]);
    // The same scene a second later: nothing new is said.
    step(10 + DESCRIBE_INTERVAL_MS);
    expect(said).toHaveLength(1);
    // A poster comes in reach: said at the next interval, not at once.
    current = nearbyPrompt(ctx.self.body, [poster]);
    step(20 + DESCRIBE_INTERVAL_MS);
    expect(said).toHaveLength(1);
    step(10 + 2 * DESCRIBE_INTERVAL_MS);
    expect(said.at(-1)).toBe(
      `${DescriptionText.facing.poster('The Atrium Plaza')} ${PROMPT_TEXTS.poster}. ` +
        DescriptionText.nearby('ada behind you'),
    );
    expect(tags).toHaveLength(1);
  });
});
