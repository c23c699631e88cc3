// Issue 30 §2: the hearing rules alone — who receives whose voice, in which order, at most how many.
import { CAMPUS_LAYOUT, VoiceConstants } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { canBeHeard, hearing, meshLinks, meshWant } from './world.voice-rules.ts';
import type { VoicePerson, VoiceSpeaker } from './world.voice-rules.ts';

const areas = CAMPUS_LAYOUT.voiceAreas ?? [];
const at = (id: string, x: number, z: number): VoicePerson => ({ id, account: `acc-${id}`, x, z });
const speaker = (id: string, x: number, z: number, more: Partial<VoiceSpeaker> = {}) => ({
  ...at(id, x, z),
  moderator: false,
  megaphone: false,
  muted: false,
  ...more,
});
const hears = (listener: VoicePerson, speakers: VoiceSpeaker[], blocked?: Set<string>) =>
  hearing(listener, speakers, { areas, ...(blocked ? { blocked } : {}) });

describe('proximity voice: who hears whom', () => {
  it('hears those within range, nearest first, and never oneself', () => {
    const me = at('me', 0, 8);
    const voices = [
      speaker('me', 0, 8),
      speaker('far', 0, 8 + VoiceConstants.hearingRange + 0.5),
      speaker('mid', 6, 8),
      speaker('near', 1, 8),
      speaker('edge', 0, 8 + VoiceConstants.hearingRange),
    ];
    expect(hears(me, voices)).toEqual(['near', 'mid', 'edge']);
  });

  it('receives at most maxStreams voices however large the crowd, the nearest', () => {
    const crowd = Array.from({ length: 60 }, (_, i) => speaker(`s${i}`, (i % 10) - 5, 6 + i / 10));
    const heard = hears(at('me', 0, 8), crowd);
    expect(heard).toHaveLength(VoiceConstants.maxStreams);
    const dist = (id: string) => {
      const s = crowd.find((c) => c.id === id)!;
      return Math.hypot(s.x, s.z - 8);
    };
    const worstHeard = Math.max(...heard.map(dist));
    const unheard = crowd.filter((c) => !heard.includes(c.id));
    expect(unheard.every((c) => dist(c.id) >= worstHeard)).toBe(true);
  });

  it('a private area hears only itself, both ways, at any distance inside it', () => {
    const table = areas.find((a) => a.kind === 'private')!;
    const inA = at('a', table.minX + 0.5, table.minZ + 0.5);
    const inB = speaker('b', table.maxX - 0.5, table.maxZ - 0.5);
    const outside = speaker('c', table.maxX + 1, table.maxZ);
    const outsideListener = at('c', table.maxX + 1, table.maxZ);
    expect(hears(inA, [inB, outside])).toEqual(['b']);
    expect(hears(outsideListener, [inB, speaker('a', inA.x, inA.z)])).toEqual([]);
  });

  it('in a quiet zone nobody is heard and nobody hears, but the stage reaches in', () => {
    const gallery = areas.find((a) => a.kind === 'quiet')!;
    const stage = areas.find((a) => a.kind === 'stage')!;
    const inside = at('g1', 0, gallery.maxZ - 1);
    const insideSpeaker = speaker('g2', 1, gallery.maxZ - 1);
    const justOutside = at('o', 0, gallery.maxZ + 2);
    expect(canBeHeard(insideSpeaker, areas)).toBe(false);
    expect(hears(inside, [insideSpeaker])).toEqual([]);
    expect(hears(justOutside, [insideSpeaker])).toEqual([]);
    const teacher = speaker('t', (stage.minX + stage.maxX) / 2, (stage.minZ + stage.maxZ) / 2, {
      moderator: true,
    });
    expect(hears(inside, [teacher])).toEqual(['t']);
  });

  it('the stage and the megaphone reach everyone, first, but only for teachers and admins', () => {
    const stage = areas.find((a) => a.kind === 'stage')!;
    const sx = (stage.minX + stage.maxX) / 2;
    const sz = (stage.minZ + stage.maxZ) / 2;
    const farAway = at('far', 30, -30);
    const studentOnStage = speaker('st', sx, sz);
    const teacherOnStage = speaker('t', sx + 1, sz, { moderator: true });
    const adminWithMegaphone = speaker('m', 25, 25, { moderator: true, megaphone: true });
    const studentMegaphone = speaker('sm', 25, 25, { megaphone: true });
    expect(
      hears(farAway, [studentOnStage, teacherOnStage, adminWithMegaphone, studentMegaphone]),
    ).toEqual(['m', 't']);
    // A neighbour is heard, but after the stage.
    const near = speaker('n', 30, -29);
    expect(hears(farAway, [near, teacherOnStage])).toEqual(['t', 'n']);
  });

  it('people who blocked each other never hear each other, and a muted voice takes no slot', () => {
    const me = at('me', 0, 8);
    const friend = speaker('f', 1, 8);
    const blockedOne = speaker('b', 0.5, 8);
    const muted = speaker('x', 0.2, 8, { muted: true });
    expect(hears(me, [friend, blockedOne, muted], new Set([blockedOne.account]))).toEqual(['f']);
    // The same account in two tabs does not hear itself.
    expect(hears(me, [{ ...friend, account: me.account }])).toEqual([]);
  });
});

describe('the mesh (no Janus): who connects to whom', () => {
  const links = (people: VoiceSpeaker[], blocks: Record<string, Set<string>> = {}) =>
    meshLinks(
      people.map((p) => p.id),
      people,
      areas,
      (id) => blocks[id],
    );

  it('pairs people in range, microphones aside, a muted person still listening', () => {
    const a = speaker('a', 0, 8);
    const b = speaker('b', 3, 8, { muted: true });
    const far = speaker('far', 0, 8 + VoiceConstants.hearingRange + 1);
    expect(meshWant(a, [a, b, far], { areas })).toEqual(['b']);
    expect(Object.fromEntries(links([a, b, far]))).toEqual({ a: ['b'], b: ['a'], far: [] });
  });

  it('never gives anyone more than meshPeers links, and every link goes both ways', () => {
    const crowd = Array.from({ length: 12 }, (_, i) => speaker(`p${i}`, i % 4, 6 + i / 4));
    const found = links(crowd);
    for (const [id, peers] of found) {
      expect(peers.length).toBeLessThanOrEqual(VoiceConstants.meshPeers);
      for (const other of peers) expect(found.get(other)).toContain(id);
    }
    // The nearest are linked: nobody is left alone in a crowd.
    expect([...found.values()].every((peers) => peers.length > 0)).toBe(true);
  });

  it('keeps a private area and a quiet zone as the SFU does, and blocked pairs apart', () => {
    const table = areas.find((a) => a.kind === 'private')!;
    const quiet = areas.find((a) => a.kind === 'quiet')!;
    const inA = speaker('a', table.minX + 0.5, table.minZ + 0.5);
    const inB = speaker('b', table.maxX - 0.5, table.maxZ - 0.5);
    const outside = speaker('c', table.maxX + 1, table.maxZ);
    expect(Object.fromEntries(links([inA, inB, outside]))).toEqual({
      a: ['b'],
      b: ['a'],
      c: [],
    });
    const q1 = speaker('q1', quiet.minX + 1, quiet.minZ + 1);
    const q2 = speaker('q2', quiet.minX + 2, quiet.minZ + 1);
    expect(links([q1, q2]).get('q1')).toEqual([]);
    const x = speaker('x', 0, 8);
    const y = speaker('y', 1, 8);
    // Only one side's process knows the block: the pair is still refused.
    expect(links([x, y], { x: new Set(['acc-y']) }).get('y')).toEqual([]);
    expect(links([x, y], { x: new Set(['acc-y']) }).get('x')).toEqual([]);
  });
});
