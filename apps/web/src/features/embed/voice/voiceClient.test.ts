import { describe, expect, it, vi } from 'vitest';
import type { FakePeer } from './voiceClient.fixture.ts';
import {
  baseAnswers,
  joinAck,
  settle,
  setup,
  installVoiceClientHooks,
} from './voiceClient.fixture.ts';

installVoiceClientHooks();

describe('joining the voice', () => {
  it('joins with voice:join and takes the answer: mode, speaking rights, moderation', async () => {
    const t = setup(baseAnswers(joinAck({ moderator: true })));
    await t.client.join();
    expect(t.events()).toEqual(['voice:join']);
    expect(t.client.store.get()).toMatchObject({
      mode: 'sfu',
      canSpeak: true,
      moderator: true,
      muted: false,
      micOn: false,
      streams: [],
    });
    // The microphone starts off: nothing asked of the browser, nothing published.
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.peers).toHaveLength(0);
  });

  it('without a media server says voice is unavailable, and the microphone stays off', async () => {
    const t = setup(baseAnswers(joinAck({ mode: 'off' })));
    await t.client.join();
    expect(t.client.store.get()).toMatchObject({ mode: 'off', notice: { kind: 'unavailable' } });
    await t.client.setMic(true);
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.events()).toEqual(['voice:join']);
  });

  it('a guest listens only: turning the microphone on explains why not, and publishes nothing', async () => {
    const t = setup(baseAnswers(joinAck({ canSpeak: false })));
    await t.client.join();
    expect(t.client.store.get().notice?.kind).toBe('guest');
    const before = t.client.store.get().notice?.seq ?? 0;
    await t.client.setMic(true);
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.events()).toEqual(['voice:join']);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'guest' } });
    expect(t.client.store.get().notice?.seq).toBeGreaterThan(before);
  });

  it('a join that fails leaves the voice off with "could not connect"', async () => {
    const t = setup({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.client.join();
    expect(t.client.store.get()).toMatchObject({ mode: 'off', notice: { kind: 'mediaFailed' } });
  });
});

describe('the microphone', () => {
  it('opens the microphone on the first switch-on only, publishes one sendonly audio line, then switches', async () => {
    const t = setup();
    await t.client.join();
    await t.client.setMic(true);
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(t.peers).toHaveLength(1);
    const publisher = t.peers[0] as FakePeer;
    expect(publisher.config).toEqual({ iceServers: [{ urls: 'stun:stun.campus.test' }] });
    expect(publisher.transceivers.map((x) => [x.direction, x.sender.track?.kind])).toEqual([
      ['sendonly', 'audio'],
    ]);
    expect(t.payloadsOf('voice:publish')).toEqual([
      { sdp: { type: 'offer', sdp: 'publisher-offer' } },
    ]);
    expect(publisher.remoteDescription).toEqual({ type: 'answer', sdp: 'publisher-answer' });
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }]);
    expect(t.mic.enabled).toBe(true);
    expect(t.client.store.get()).toMatchObject({ micOn: true, busy: false });
    expect(t.client.store.get().notice?.kind).toBe('headphones');

    await t.client.setMic(false);
    expect(t.mic.enabled).toBe(false);
    expect(t.client.store.get().micOn).toBe(false);
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: false }]);

    const hint = t.client.store.get().notice;
    await t.client.setMic(true);
    // Same microphone and connection; the headphones hint was for the first time only.
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.peers).toHaveLength(1);
    expect(t.payloadsOf('voice:publish')).toHaveLength(1);
    expect(t.mic.enabled).toBe(true);
    expect(t.client.store.get().notice).toBe(hint);
  });

  it('says the browser refused the microphone, and publishes nothing', async () => {
    const t = setup();
    t.getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await t.client.join();
    await t.client.setMic(true);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'micBlocked' } });
    expect(t.events()).toEqual(['voice:join']);
    // Trying again asks again, and the refusal's message goes.
    await t.client.setMic(true);
    expect(t.getUserMedia).toHaveBeenCalledTimes(2);
    expect(t.client.store.get()).toMatchObject({ micOn: true, notice: { kind: 'headphones' } });
  });

  it('a refused publication is tried afresh at the next switch-on', async () => {
    let refuse = true;
    const t = setup({
      ...baseAnswers(),
      'voice:publish': () => {
        if (refuse) throw new Error('Janus said no');
        return { sdp: { type: 'answer', sdp: 'publisher-answer' } };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.client.join();
    await t.client.setMic(true);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'mediaFailed' } });
    expect(t.mic.enabled).toBe(false);
    expect(t.peers[0]?.closed).toBe(true);
    refuse = false;
    await t.client.setMic(true);
    expect(t.peers).toHaveLength(2);
    expect(t.client.store.get()).toMatchObject({ micOn: true });
    expect(t.client.store.get().notice?.kind).not.toBe('mediaFailed');
  });

  it('sends its ICE candidates only once the server has the offer they belong to', async () => {
    let answerPublish: (value: unknown) => void = () => {};
    const t = setup({
      ...baseAnswers(),
      'voice:publish': () =>
        new Promise((resolve) => {
          answerPublish = resolve;
        }),
    });
    await t.client.join();
    const switching = t.client.setMic(true);
    await vi.waitFor(() => expect(t.events()).toContain('voice:publish'));
    const publisher = t.peers[0] as FakePeer;
    const candidate = {
      candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    } as RTCIceCandidate;
    publisher.onicecandidate?.({ candidate });
    publisher.onicecandidate?.({ candidate: null });
    expect(t.events()).not.toContain('voice:trickle');
    answerPublish({ sdp: { type: 'answer', sdp: 'publisher-answer' } });
    await switching;
    expect(t.payloadsOf('voice:trickle')).toEqual([
      {
        target: 'publisher',
        candidate: { candidate: candidate.candidate, sdpMid: '0', sdpMLineIndex: 0 },
      },
      { target: 'publisher', candidate: { completed: true } },
    ]);
  });

  it('a teacher’s mute turns the microphone off and keeps it off until lifted', async () => {
    const t = setup();
    await t.client.join();
    await t.client.setMic(true);
    t.fake.fire('voice:muted', { muted: true });
    expect(t.mic.enabled).toBe(false);
    expect(t.client.store.get()).toMatchObject({ muted: true, micOn: false });
    await settle();
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: false }]);
    await t.client.setMic(true);
    expect(t.payloadsOf('voice:mic')).toHaveLength(2);
    expect(t.mic.enabled).toBe(false);

    t.fake.fire('voice:muted', { muted: false });
    expect(t.client.store.get()).toMatchObject({ muted: false, micOn: false });
    expect(t.client.store.get().notice?.kind).toBe('unmuted');
    await t.client.setMic(true);
    expect(t.client.store.get().micOn).toBe(true);
  });

  it('the megaphone is a moderator’s switch only', async () => {
    const member = setup();
    await member.client.join();
    await member.client.setMegaphone(true);
    expect(member.events()).toEqual(['voice:join']);
    member.client.close();

    const teacher = setup(baseAnswers(joinAck({ moderator: true })));
    await teacher.client.join();
    await teacher.client.setMegaphone(true);
    expect(teacher.payloadsOf('voice:megaphone')).toEqual([{ on: true }]);
    expect(teacher.client.store.get().megaphone).toBe(true);
  });
});
