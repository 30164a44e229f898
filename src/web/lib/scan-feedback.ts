/**
 * The sound (and vibration, on phones) after a scan: a short high beep when a code is taken, a
 * longer low tone when it is flagged, so a receiver at the gate knows without looking. The
 * AudioContext is made on the first scan (a key press or a tap: browsers allow sound only after
 * one) and kept for the next ones.
 */

/** What one scan was: taken, or flagged (a problem). */
export type ScanFeedbackKind = 'ok' | 'problem';

/** The tone of each kind: pitch (Hz), length (s) and wave. */
export const SCAN_TONES: Record<ScanFeedbackKind, { frequency: number; seconds: number; type: OscillatorType }> = {
  ok: { frequency: 1760, seconds: 0.08, type: 'sine' },
  problem: { frequency: 196, seconds: 0.4, type: 'square' },
};

/** The vibration of each kind (ms, or on/off/on). */
export const SCAN_VIBRATIONS: Record<ScanFeedbackKind, number | number[]> = {
  ok: 40,
  problem: [150, 80, 150],
};

/** The parts of the browser the feedback uses (the real ones by default; tests pass fakes). */
export interface ScanFeedbackEnv {
  createAudioContext: (() => AudioContext) | null;
  vibrate: ((pattern: number | number[]) => boolean) | null;
}

function browserEnv(): ScanFeedbackEnv {
  const hasWindow = typeof window !== 'undefined';
  return {
    createAudioContext: hasWindow && 'AudioContext' in window ? () => new AudioContext() : null,
    vibrate:
      typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function'
        ? (pattern) => navigator.vibrate(pattern)
        : null,
  };
}

let context: AudioContext | null = null;

/** Beeps (and vibrates where the device can) for one scan; silent where the browser has no sound. */
export function scanFeedback(kind: ScanFeedbackKind, env: ScanFeedbackEnv = browserEnv()): void {
  try {
    if (env.createAudioContext) {
      context ??= env.createAudioContext();
      if (context.state === 'suspended') void context.resume();
      const tone = SCAN_TONES[kind];
      const now = context.currentTime;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.value = tone.frequency;
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.25, now + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now);
      oscillator.stop(now + tone.seconds + 0.02);
    }
  } catch {
    // No sound (audio blocked or unavailable): the message on screen still says it.
  }
  env.vibrate?.(SCAN_VIBRATIONS[kind]);
}

/** Forgets the AudioContext (tests only start afresh with it). */
export function resetScanFeedback(): void {
  context = null;
}
