import { beforeEach, describe, expect, it } from 'vitest';
import { resetScanFeedback, scanFeedback, type ScanFeedbackEnv } from './scan-feedback';

/** A stand-in AudioContext recording the tones it is asked to play. */
function fakeAudio() {
  const tones: { frequency: number; type: string; start: number; stop: number }[] = [];
  let made = 0;
  let resumed = 0;
  const param = () => ({ value: 0, setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined });
  const create = () => {
    made++;
    const ctx = {
      state: 'suspended',
      currentTime: 1,
      destination: {},
      resume: () => {
        resumed++;
        ctx.state = 'running';
        return Promise.resolve();
      },
      createGain: () => ({ gain: param(), connect: (next: unknown) => next }),
      createOscillator: () => {
        const tone = { frequency: 0, type: '', start: 0, stop: 0 };
        tones.push(tone);
        return {
          set type(t: string) {
            tone.type = t;
          },
          frequency: {
            set value(v: number) {
              tone.frequency = v;
            },
          },
          connect: (next: unknown) => next,
          start: (at: number) => (tone.start = at),
          stop: (at: number) => (tone.stop = at),
        };
      },
    };
    return ctx as unknown as AudioContext;
  };
  return { create, tones, made: () => made, resumed: () => resumed };
}

describe('scan feedback', () => {
  beforeEach(() => resetScanFeedback());

  it('beeps high and short for a taken code, low and longer for a problem, with one audio context', () => {
    const audio = fakeAudio();
    const vibrations: (number | number[])[] = [];
    const env: ScanFeedbackEnv = {
      createAudioContext: audio.create,
      vibrate: (pattern) => (vibrations.push(pattern), true),
    };
    scanFeedback('ok', env);
    scanFeedback('problem', env);
    expect(audio.made()).toBe(1);
    expect(audio.resumed()).toBe(1);
    const [ok, problem] = audio.tones;
    expect(ok?.frequency).toBeGreaterThan(1000);
    expect(problem?.frequency).toBeLessThan(400);
    expect((problem?.stop ?? 0) - (problem?.start ?? 0)).toBeGreaterThan((ok?.stop ?? 0) - (ok?.start ?? 0));
    expect(vibrations).toEqual([40, [150, 80, 150]]);
  });

  it('stays silent without sound or vibration, and when audio fails', () => {
    expect(() => scanFeedback('problem', { createAudioContext: null, vibrate: null })).not.toThrow();
    const vibrations: (number | number[])[] = [];
    scanFeedback('ok', {
      createAudioContext: () => {
        throw new Error('blocked');
      },
      vibrate: (pattern) => (vibrations.push(pattern), true),
    });
    expect(vibrations).toEqual([40]);
  });
});
