import { WorldConstants, type WorldMove } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createNetSync, netSyncStep, type NetSyncState } from './net-sync.ts';

const move = (x: number, anim: WorldMove['anim'] = 'walk'): WorldMove => ({
  x,
  y: 0,
  z: 0,
  ry: 0,
  anim,
});

describe('net sync', () => {
  it('never exceeds sendHz in any simulated second while moving every 60 Hz step', () => {
    let s: NetSyncState = createNetSync();
    const sent: number[] = [];
    for (let i = 0; i < 600; i++) {
      const now = (i * 1000) / 60;
      const r = netSyncStep(s, move(i * 0.05), now);
      s = r.state;
      if (r.send) sent.push(i);
    }
    // Windows are counted in whole steps (60 = one second) so float rounding cannot blur the edge.
    for (const k of sent) {
      expect(sent.filter((j) => j >= k && j < k + 60).length).toBeLessThanOrEqual(
        WorldConstants.sendHz,
      );
    }
    // …and it does use the budget: 10 s of motion is about 150 messages.
    expect(sent.length).toBeGreaterThanOrEqual(145);
  });

  it('stays quiet when nothing changes, except a keep-alive about every second', () => {
    let s = netSyncStep(createNetSync(), move(0, 'idle'), 0).state;
    let count = 0;
    for (let i = 1; i <= 300; i++) {
      const r = netSyncStep(s, move(0.001, 'idle'), (i * 1000) / 60);
      s = r.state;
      if (r.send) count++;
    }
    expect(count).toBe(5);
  });

  it('sends a change held back by the rate limit on the next allowed step', () => {
    let s = netSyncStep(createNetSync(), move(0), 0).state;
    expect(netSyncStep(s, move(0, 'idle'), 30).send).toBeNull();
    const r = netSyncStep(s, move(0, 'idle'), 70);
    expect(r.send?.anim).toBe('idle');
    s = r.state;
    expect(netSyncStep(s, move(0, 'idle'), 200).send).toBeNull();
  });
});
