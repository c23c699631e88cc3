import { describe, expect, it } from 'vitest';
import { candidatePayload, createQueue } from './rtc.ts';

describe('candidatePayload', () => {
  it('sends candidates in the signalling schema shape (no usernameFragment), null as completed', () => {
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.0.2.2 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
      usernameFragment: 'abcd',
    } as unknown as RTCIceCandidate;
    expect(candidatePayload(candidate)).toEqual({
      candidate: candidate.candidate,
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    expect(candidatePayload(null)).toEqual({ completed: true });
    expect(candidatePayload({ candidate: '' } as RTCIceCandidate)).toEqual({ completed: true });
  });
});

describe('createQueue', () => {
  it('runs jobs one after another, and a failed job neither stops the next nor goes unheard', async () => {
    const errors: unknown[] = [];
    const queue = createQueue((err) => errors.push(err));
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue(async () => {
      order.push('a start');
      await gate;
      order.push('a end');
    });
    queue(async () => {
      order.push('b');
      throw new Error('b failed');
    });
    const done = new Promise<void>((resolve) => queue(async () => resolve()));
    await Promise.resolve();
    expect(order).toEqual(['a start']);
    release();
    await done;
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(errors).toEqual([new Error('b failed')]);
  });
});
