import { mulberry32 } from '@atrium/protocol/testing';
import { describe, expect, it } from 'vitest';
import { Interest, INTEREST_RULES, selectSmallest, type Placed } from './world.interest.ts';

type Avatar = Placed & { state: Placed['state'] & { index: number } };

let nextIndex = 0;
function avatar(id: string, x: number, z: number, changedTick = 0): Avatar {
  const index = nextIndex++;
  return {
    socketId: id,
    changedTick,
    state: {
      index,
      x,
      y: 0,
      z,
      ry: 0,
      anim: 'idle',
    },
  };
}

/** A tick at which `viewer` has neither its middle nor its far turn, and one that has each. */
function ticksFor(viewer: Avatar) {
  const { middleEvery, farEvery } = INTEREST_RULES;
  const at = (want: (t: number) => boolean) => {
    for (let t = 100; ; t += 1) if (want(t)) return t;
  };
  const middle = (t: number) => (t + viewer.state.index) % middleEvery === 0;
  const far = (t: number) => (t + viewer.state.index) % farEvery === 0;
  return {
    plain: at((t) => !middle(t) && !far(t)),
    middle: at((t) => middle(t) && !far(t)),
    far: at((t) => far(t) && middle(t)),
  };
}

const ids = (list: readonly Avatar[]) => list.map((a) => a.socketId).sort();

describe('interest tiers (issue 30)', () => {
  // A viewer at the origin: 60 within 10 m, 20 at 45 m (the middle), 100 at 200 m (far).
  const viewer = avatar('viewer', 0, 0);
  const close = Array.from({ length: 60 }, (_, i) =>
    avatar(`near-${i}`, Math.cos(i) * (1 + i / 10), Math.sin(i) * (1 + i / 10)),
  );
  const middle = Array.from({ length: 20 }, (_, i) =>
    avatar(`mid-${i}`, 45 * Math.cos(i), 45 * Math.sin(i)),
  );
  const far = Array.from({ length: 100 }, (_, i) => avatar(`far-${i}`, 200 + i, 200));
  const everyone = [viewer, ...close, ...middle, ...far];
  const changedAt = (tick: number) => {
    for (const a of everyone) a.changedTick = tick;
  };

  it('sends the nearest 50 every tick, and nobody else between the slower turns', () => {
    const { plain } = ticksFor(viewer);
    const interest = new Interest<Avatar>();
    changedAt(plain);
    interest.beginTick(everyone, plain);
    const got = interest.visibleTo(viewer);
    // The 50 nearest of the 60 close ones (they stand 1 m to 7 m away, nearer first).
    expect(ids(got)).toEqual(ids(close.slice(0, INTEREST_RULES.nearCount)));
  });

  it('adds the middle on its turn, with what changed since its last turn, and a slice of the far on theirs', () => {
    const { middle: midTick, far: farTick } = ticksFor(viewer);
    const interest = new Interest<Avatar>();
    // The middle ones moved two ticks ago: not lost, sent on the middle turn.
    changedAt(midTick);
    for (const a of middle) a.changedTick = midTick - 2;
    interest.beginTick(everyone, midTick);
    const got = interest.visibleTo(viewer);
    expect(ids(got)).toEqual(ids([...close, ...middle]));
    expect(got).not.toContain(viewer);

    changedAt(farTick);
    interest.beginTick(everyone, farTick);
    const withFar = interest.visibleTo(viewer);
    const farGot = withFar.filter((a) => a.socketId.startsWith('far-'));
    expect(farGot).toHaveLength(INTEREST_RULES.farSample);

    // In precision: the near tier in full, the middle and far ones as coarse records.
    interest.beginTick(everyone, farTick);
    const split = interest.visibleSplit(viewer);
    const nearest = close.slice(0, INTEREST_RULES.nearCount);
    expect(ids(split.near)).toEqual(ids(nearest));
    expect(split.coarse.some((a) => nearest.includes(a))).toBe(false);
    expect(split.coarse.filter((a) => a.socketId.startsWith('far-'))).toHaveLength(
      INTEREST_RULES.farSample,
    );
  });

  it('shows every far avatar within a few seconds, a different slice each second', () => {
    const interest = new Interest<Avatar>();
    const seen = new Set<string>();
    const { farEvery } = INTEREST_RULES;
    const first = ticksFor(viewer).far;
    for (let k = 0; k < 3; k += 1) {
      const tick = first + k * farEvery;
      changedAt(tick);
      interest.beginTick(everyone, tick);
      for (const a of interest.visibleTo(viewer))
        if (a.socketId.startsWith('far-')) seen.add(a.socketId);
    }
    expect(seen.size).toBe(far.length);
  });

  it('sends nobody who did not change, and never the viewer', () => {
    const { far: farTick } = ticksFor(viewer);
    const interest = new Interest<Avatar>();
    changedAt(farTick - INTEREST_RULES.farEvery);
    viewer.changedTick = farTick;
    interest.beginTick(everyone, farTick);
    expect(interest.visibleTo(viewer)).toEqual([]);
  });

  it('finds the same near and middle avatars through its grid as by measuring everyone', () => {
    const random = mulberry32(30);
    const crowd = Array.from({ length: 400 }, (_, i) =>
      avatar(`c-${i}`, (random() - 0.5) * 240, (random() - 0.5) * 240),
    );
    const interest = new Interest<Avatar>();
    for (const v of crowd.slice(0, 40)) {
      const { middle: tick } = ticksFor(v);
      for (const a of crowd) a.changedTick = tick;
      interest.beginTick(crowd, tick);
      const got = interest.visibleTo(v);
      const d2 = (a: Avatar) => (a.state.x - v.state.x) ** 2 + (a.state.z - v.state.z) ** 2;
      const { nearCount, nearRadius, middleCount, middleRadius } = INTEREST_RULES;
      const around = crowd
        .filter((a) => a !== v && d2(a) <= middleRadius ** 2)
        .sort((a, b) => d2(a) - d2(b));
      const nearTaken = Math.min(nearCount, around.filter((a) => d2(a) <= nearRadius ** 2).length);
      const expected = around.slice(0, nearTaken + middleCount);
      const notFar = got.filter((a) => d2(a) <= INTEREST_RULES.middleRadius ** 2);
      expect(ids(notFar)).toEqual(ids(expected));
    }
  });

  it('keeps the middle to its count in a dense crowd; the rest are far, sampled each second', () => {
    // 400 people between 5 m and 50 m of the viewer: 50 near, 100 middle, 250 far.
    const dense = Array.from({ length: 400 }, (_, i) =>
      avatar(`d-${i}`, (5 + (45 * i) / 400) * Math.cos(i), (5 + (45 * i) / 400) * Math.sin(i)),
    );
    const v = avatar('dense-viewer', 0, 0);
    const all = [v, ...dense];
    const { middle: midTick, far: farTick } = ticksFor(v);
    const interest = new Interest<Avatar>();
    for (const a of all) a.changedTick = midTick;
    interest.beginTick(all, midTick);
    const got = interest.visibleTo(v);
    const { nearCount, middleCount, farSample } = INTEREST_RULES;
    expect(ids(got)).toEqual(ids(dense.slice(0, nearCount + middleCount)));
    for (const a of all) a.changedTick = farTick;
    interest.beginTick(all, farTick);
    expect(interest.visibleTo(v)).toHaveLength(nearCount + middleCount + farSample);
  });
});

describe('selectSmallest', () => {
  it('puts the k smallest keys first, ties and all, for any k', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 200; round += 1) {
      const n = 1 + Math.floor(random() * 300);
      // Few distinct values in some rounds: ties must not lose or duplicate an entry.
      const spread = round % 3 === 0 ? 5 : 1000;
      const keys = Float64Array.from({ length: n }, () => Math.floor(random() * spread));
      const k = 1 + Math.floor(random() * n);
      const order = Int32Array.from({ length: n + 5 }, (_, i) => i);
      selectSmallest(order, n, keys, k);
      expect([...order.subarray(0, n)].sort((a, b) => a - b)).toEqual(
        Array.from({ length: n }, (_, i) => i),
      );
      // Entries past n are not touched.
      expect([...order.subarray(n)]).toEqual([n, n + 1, n + 2, n + 3, n + 4]);
      const chosen = [...order.subarray(0, k)].map((i) => keys[i]!).sort((a, b) => a - b);
      expect(chosen).toEqual([...keys].sort((a, b) => a - b).slice(0, k));
    }
  });
});
