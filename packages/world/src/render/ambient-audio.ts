/**
 * The campus's ambience, made in Web Audio (no sound files): the fountain's soft noise and a
 * slow, quiet chord. The host page pauses and resumes it (`stop_metaverse_audio` /
 * `play_metaverse_audio`) and sets its volume.
 */
export interface AmbientAudio {
  play(): void;
  pause(): void;
  /** 0..1. */
  setVolume(volume: number): void;
  readonly playing: boolean;
  dispose(): void;
}

const MASTER_LEVEL = 0.22;

/** Creates the ambience, paused; `null` where the browser has no Web Audio. */
export const createAmbientAudio = (): AmbientAudio | null => {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return null;
  const ctx = new Context();
  void ctx.suspend();
  const master = ctx.createGain();
  master.gain.value = MASTER_LEVEL;
  master.connect(ctx.destination);

  // Fountain: two seconds of looping noise through a band-pass filter.
  const noise = ctx.createBuffer(1, ctx.sampleRate * 2, ctx.sampleRate);
  const samples = noise.getChannelData(0);
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.random() * 2 - 1;
  const water = ctx.createBufferSource();
  water.buffer = noise;
  water.loop = true;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 900;
  band.Q.value = 0.6;
  const waterGain = ctx.createGain();
  waterGain.gain.value = 0.18;
  water.connect(band).connect(waterGain).connect(master);
  water.start();

  // Pad: a soft major chord, slowly breathing.
  const pad = ctx.createGain();
  pad.gain.value = 0.05;
  pad.connect(master);
  const oscillators = [220, 277.18, 329.63].map((frequency) => {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    osc.connect(pad);
    osc.start();
    return osc;
  });
  const lfo = ctx.createOscillator();
  lfo.frequency.value = 0.07;
  const lfoDepth = ctx.createGain();
  lfoDepth.gain.value = 0.03;
  lfo.connect(lfoDepth).connect(pad.gain);
  lfo.start();

  let playing = false;
  return {
    get playing() {
      return playing;
    },
    play() {
      playing = true;
      void ctx.resume();
    },
    pause() {
      playing = false;
      void ctx.suspend();
    },
    setVolume(value) {
      const volume = Math.min(1, Math.max(0, value));
      master.gain.setTargetAtTime(MASTER_LEVEL * volume, ctx.currentTime, 0.05);
    },
    dispose() {
      for (const osc of [...oscillators, lfo]) osc.stop();
      water.stop();
      void ctx.close();
    },
  };
};
