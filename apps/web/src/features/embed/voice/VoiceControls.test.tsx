// @vitest-environment happy-dom
import { CAMPUS_LAYOUT, VoiceText, type VoiceArea } from '@atrium/protocol';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../shared/store.ts';
import { VoiceWebText } from './texts.ts';
import { initialVoiceState, type VoiceState } from './voiceClient.ts';
import type { VoiceSession, VoiceView } from './voiceSession.ts';
import { VoiceControls } from './VoiceControls.tsx';

const area = (id: string): VoiceArea => {
  const found = CAMPUS_LAYOUT.voiceAreas?.find((a) => a.id === id);
  if (!found) throw new Error(`no area ${id}`);
  return found;
};

const joined: VoiceState = { ...initialVoiceState, mode: 'sfu', canSpeak: true };

/** The controls over a session whose view the test sets. */
function show(voice: Partial<VoiceState>, view: Partial<Omit<VoiceView, 'voice'>> = {}) {
  const store = createStore<VoiceView>({
    voice: { ...joined, ...voice },
    area: null,
    audioRunning: true,
    mutedHere: [],
    ...view,
  });
  const names: Record<string, string> = { a1: 'ann', b2: 'ben' };
  const session: VoiceSession = {
    store,
    setMic: vi.fn(),
    setMegaphone: vi.fn(),
    explain: vi.fn(),
    resumeAudio: vi.fn(),
    // As the session does: the server's answer first, then the list of those muted here.
    mute: vi.fn(async (id: string, muted: boolean) => {
      const others = store.get().mutedHere.filter((m) => m !== id);
      store.update((v) => ({ ...v, mutedHere: muted ? [...others, id] : others }));
    }),
    nameOf: (id) => names[id] ?? null,
    dispose: vi.fn(),
  };
  const set = (patch: Partial<VoiceState>, more: Partial<Omit<VoiceView, 'voice'>> = {}) =>
    act(() => store.update((v) => ({ ...v, ...more, voice: { ...v.voice, ...patch } })));
  render(<VoiceControls session={session} />);
  return { session, set };
}

const status = () => screen.getByRole('status').textContent;

describe('the voice controls', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('show nothing until the voice answered', () => {
    show({ mode: null });
    expect(screen.queryByRole('group', { name: VoiceWebText.controls })).toBeNull();
  });

  it('without Janus (the mesh): says so while nobody is heard, with no megaphone', () => {
    const { set } = show({ mode: 'mesh', moderator: true });
    expect(status()).toBe(VoiceText.mesh);
    expect(screen.queryByRole('button', { name: VoiceText.megaphoneOff })).toBeNull();
    expect(screen.getByRole('button', { name: VoiceWebText.voicesNear })).toBeTruthy();
    set({ streams: ['a1'] });
    expect(status()).toBe(VoiceText.hearing(1));
  });

  it('switch the microphone: its name and pressed state follow, by mouse and by keyboard', async () => {
    const user = userEvent.setup();
    const { session, set } = show({});
    const off = screen.getByRole('button', { name: VoiceText.turnMicOn });
    expect(off.getAttribute('aria-pressed')).toBe('false');
    await user.click(off);
    expect(session.setMic).toHaveBeenCalledWith(true);

    set({ micOn: true });
    const on = screen.getByRole('button', { name: VoiceText.turnMicOff });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    on.focus();
    await user.keyboard('{Enter}');
    expect(session.setMic).toHaveBeenLastCalledWith(false);
  });

  it('a guest’s microphone is disabled and says why when pressed', async () => {
    const user = userEvent.setup();
    const { session } = show({ canSpeak: false, notice: { kind: 'guest', seq: 1 } });
    const mic = screen.getByRole('button', { name: VoiceText.turnMicOn });
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(mic.getAttribute('title')).toBe(VoiceText.guestCannotSpeak);
    expect(status()).toBe(VoiceText.guestCannotSpeak);
    await user.click(mic);
    expect(session.setMic).not.toHaveBeenCalled();
    expect(session.explain).toHaveBeenCalled();
  });

  it('a teacher’s mute turns the microphone off and disabled, and says so; lifting it says so too', () => {
    const { set } = show({ micOn: true });
    set({ muted: true, micOn: false });
    const mic = screen.getByRole('button', { name: VoiceText.turnMicOn });
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(status()).toBe(VoiceText.mutedByModerator);
    set({ muted: false, notice: { kind: 'unmuted', seq: 2 } });
    expect(mic.getAttribute('aria-disabled')).toBeNull();
    expect(status()).toBe(VoiceText.unmutedByModerator);
  });

  it('the megaphone is shown to teachers and admins only', async () => {
    const user = userEvent.setup();
    show({});
    expect(screen.queryByRole('button', { name: VoiceText.megaphoneOff })).toBeNull();
    cleanup();
    const { session, set } = show({ moderator: true, micOn: true });
    const megaphone = screen.getByRole('button', { name: VoiceText.megaphoneOff });
    expect(megaphone.getAttribute('aria-pressed')).toBe('false');
    await user.click(megaphone);
    expect(session.setMegaphone).toHaveBeenCalledWith(true);
    set({ megaphone: true });
    expect(megaphone.getAttribute('aria-pressed')).toBe('true');
    expect(status()).toBe(VoiceText.megaphoneOn);
  });

  it('says how many people are heard, and the area the avatar stands in', () => {
    const { set } = show({ streams: ['ann', 'bob'] });
    expect(status()).toBe(VoiceText.hearing(2));
    set({ streams: ['ann'] }, { area: area('plaza-table') });
    expect(status()).toBe(`${VoiceText.privateArea('Table')} ${VoiceText.hearing(1)}`);
    set({ streams: [] }, { area: area('gallery') });
    expect(status()).toBe(VoiceText.quietZone);
    set({}, { area: area('plaza-stage') });
    expect(status()).toBe(VoiceText.stage);
    // Without the media server the stage cannot reach everyone, and says so.
    set({ mode: 'mesh' });
    expect(status()).toBe(VoiceText.stageMesh);
    set({ mode: 'sfu' }, { area: null });
    expect(status()).toBe('');
  });

  it('shows the headphones hint for a while, and a refused microphone until the next try', () => {
    vi.useFakeTimers();
    const { set } = show({ micOn: true, notice: { kind: 'headphones', seq: 1 } });
    expect(status()).toBe(VoiceText.headphonesHint);
    act(() => {
      vi.advanceTimersByTime(8000);
    });
    expect(status()).toBe('');
    set({ micOn: false, notice: { kind: 'micBlocked', seq: 2 } });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(status()).toBe(VoiceText.micBlocked);
  });

  it('on a server without voice: the microphone is disabled and says voice is unavailable', () => {
    show({ mode: 'off', canSpeak: false, notice: { kind: 'unavailable', seq: 1 } });
    const mic = screen.getByRole('button', { name: VoiceText.turnMicOn });
    expect(mic.getAttribute('title')).toBe(VoiceText.unavailable);
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(status()).toBe(VoiceText.unavailable);
    expect(screen.queryByRole('button', { name: VoiceWebText.hearPeople })).toBeNull();
  });

  it('offers to start the sound while the browser holds it', async () => {
    const user = userEvent.setup();
    const { session, set } = show({}, { audioRunning: false });
    await user.click(screen.getByRole('button', { name: VoiceWebText.hearPeople }));
    expect(session.resumeAudio).toHaveBeenCalled();
    set({}, { audioRunning: true });
    expect(screen.queryByRole('button', { name: VoiceWebText.hearPeople })).toBeNull();
  });

  it('let a teacher mute a voice they hear and let it speak again; students have no such list', async () => {
    const user = userEvent.setup();
    const { session, set } = show({ moderator: true, streams: ['a1', 'b2'] });
    const toggle = screen.getByRole('button', { name: VoiceWebText.voicesNear });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('region', { name: VoiceWebText.voicesNear });
    expect(list.textContent).toContain('ann');
    expect(list.textContent).toContain('ben');

    await user.click(screen.getByRole('button', { name: VoiceWebText.muteName('ann') }));
    expect(session.mute).toHaveBeenCalledWith('a1', true);
    // Muted, Ann's voice leaves the connection; she stays listed, to be let speak.
    set({ streams: ['b2'] });
    const letSpeak = screen.getByRole('button', { name: VoiceWebText.letSpeakName('ann') });
    expect(letSpeak.getAttribute('aria-pressed')).toBe('true');
    await user.click(letSpeak);
    expect(session.mute).toHaveBeenLastCalledWith('a1', false);
    expect(screen.queryByText('ann')).toBeNull();

    // A refusal says so; Escape closes the list.
    vi.mocked(session.mute).mockRejectedValueOnce(new Error('refused'));
    await user.click(screen.getByRole('button', { name: VoiceWebText.muteName('ben') }));
    expect((await screen.findByRole('alert')).textContent).toBe(VoiceWebText.muteFailed);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: VoiceWebText.voicesNear })).toBeNull();

    set({ streams: [] });
    await user.click(toggle);
    expect(screen.getByText(VoiceWebText.nobodyNear)).toBeTruthy();
    cleanup();
    show({ moderator: false, streams: ['a1'] });
    expect(screen.queryByRole('button', { name: VoiceWebText.voicesNear })).toBeNull();
  });
});
