import { describe, expect, it, vi } from 'vitest';
import type { FakePeer } from './voiceClient.fixture.ts';
import { offer, settle, setup, installVoiceClientHooks } from './voiceClient.fixture.ts';

installVoiceClientHooks();

describe('receiving voices', () => {
  it('answers each offer on one receiving connection and plays one stream per avatar', async () => {
    const t = setup();
    await t.client.join();
    t.fake.fire(
      'voice:offer',
      offer('0,1', [
        ['0', 'ann'],
        ['1', 'bob'],
      ]),
    );
    await vi.waitFor(() => expect(t.events()).toContain('voice:answer'));
    await settle();
    expect(t.peers).toHaveLength(1);
    expect(t.payloadsOf('voice:answer')).toEqual([
      { sdp: { type: 'answer', sdp: 'answer-to mids:0,1;inactive:' } },
    ]);
    expect(t.client.store.get().streams).toEqual(['ann', 'bob']);
    const first = t.onStreams.mock.lastCall?.[0];
    expect([...(first?.keys() ?? [])]).toEqual(['ann', 'bob']);

    // Bob walked away: his line goes inactive; Ann's stream is the same object.
    t.fake.fire('voice:offer', offer('0,1', [['0', 'ann']], '1'));
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(2));
    await settle();
    expect(t.peers).toHaveLength(1);
    expect(t.client.store.get().streams).toEqual(['ann']);
    expect(t.onStreams.mock.lastCall?.[0].get('ann')).toBe(first?.get('ann'));

    // A line the offer still names but no longer sends on plays nothing.
    t.fake.fire(
      'voice:offer',
      offer(
        '0,1',
        [
          ['0', 'ann'],
          ['1', 'bob'],
        ],
        '1',
      ),
    );
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(3));
    await settle();
    expect(t.client.store.get().streams).toEqual(['ann']);

    expect(await t.client.inbound()).toEqual({
      ann: { bytes: 1000, packets: 10 },
    });
  });

  it('handles offers one after another, never two at once', async () => {
    const t = setup();
    await t.client.join();
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    t.fake.fire(
      'voice:offer',
      offer('0,1', [
        ['0', 'ann'],
        ['1', 'bob'],
      ]),
    );
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(2));
    expect(t.log).toEqual([
      'setRemote mids:0;inactive:',
      'setLocal answer-to mids:0;inactive:',
      'setRemote mids:0,1;inactive:',
      'setLocal answer-to mids:0,1;inactive:',
    ]);
  });

  it('keeps the server’s candidates until the connection has its offer', async () => {
    const t = setup();
    await t.client.join();
    const candidate = {
      candidate: 'candidate:2 1 udp 1 192.0.2.9 6000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    t.fake.fire('voice:trickle', { target: 'subscriber', candidate });
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    await vi.waitFor(() => expect(t.events()).toContain('voice:answer'));
    expect((t.peers[0] as FakePeer).candidates).toEqual([candidate]);
    t.fake.fire('voice:trickle', {
      target: 'subscriber',
      candidate: { ...candidate, sdpMid: '1' },
    });
    expect((t.peers[0] as FakePeer).candidates).toHaveLength(2);
  });

  it('passes who is talking on, and takes the rings down when the voice starts again', async () => {
    const t = setup();
    await t.client.join();
    t.fake.fire('voice:speaking', { id: 'ann', speaking: true });
    t.fake.fire('voice:speaking', { id: 'me', speaking: true });
    t.fake.fire('voice:speaking', { id: 'me', speaking: false });
    expect(t.onSpeaking.mock.calls).toEqual([
      ['ann', true],
      ['me', true],
      ['me', false],
    ]);
    await t.client.join();
    expect(t.onSpeaking).toHaveBeenLastCalledWith('ann', false);
  });

  it('passes on which voices are broadcasts, and forgets them when the voice starts again', async () => {
    const t = setup();
    await t.client.join();
    t.fake.fire('voice:broadcasts', { ids: ['tea'] });
    expect(t.onBroadcasts).toHaveBeenLastCalledWith(new Set(['tea']));
    t.fake.fire('voice:broadcasts', { ids: [] });
    expect(t.onBroadcasts).toHaveBeenLastCalledWith(new Set());
    t.fake.fire('voice:broadcasts', { ids: ['tea'] });
    await t.client.join();
    expect(t.onBroadcasts).toHaveBeenLastCalledWith(new Set());
  });
});

describe('reconnecting', () => {
  it('forgets the voice on a drop, and on the next join publishes the same microphone again', async () => {
    const t = setup();
    await t.client.join();
    await t.client.setMic(true);
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    await vi.waitFor(() => expect(t.client.store.get().streams).toEqual(['ann']));

    t.fake.fire('disconnect', 'transport close');
    expect(t.client.store.get()).toMatchObject({ mode: null, micOn: false, streams: [] });
    expect(t.peers.every((p) => p.closed)).toBe(true);
    expect(t.onStreams).toHaveBeenLastCalledWith(new Map());

    t.fake.fire('connect');
    await t.client.join();
    await vi.waitFor(() => expect(t.client.store.get().micOn).toBe(true));
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.payloadsOf('voice:publish')).toHaveLength(2);
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: true }]);
  });

  it('leaves the voice and lets the microphone go on close', async () => {
    const t = setup();
    await t.client.join();
    await t.client.setMic(true);
    t.client.close();
    expect(t.events().at(-1)).toBe('voice:leave');
    expect(t.mic.stopped).toHaveBeenCalled();
    expect(t.peers[0]?.closed).toBe(true);
    expect(t.fake.listeners('voice:offer')).toBe(0);
  });
});
