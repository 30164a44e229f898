import { describe, expect, it } from 'vitest';
import { INACTIVITY_COUNTDOWN_SECONDS, INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '@common/constants';
import {
  activityResetsTimer,
  countdownText,
  inactivityState,
  msUntilNextCheck,
  type InactivityTimings,
} from './inactivity.model';

const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('inactivityState with the spec timings', () => {
  it('uses 13 minutes, 15 minutes and a 120 second countdown', () => {
    expect(INACTIVITY_WARNING_MS).toBe(13 * MINUTE);
    expect(INACTIVITY_TIMEOUT_MS).toBe(15 * MINUTE);
    expect(INACTIVITY_COUNTDOWN_SECONDS).toBe(120);
  });

  it('is active right after activity and up to just before 13 minutes', () => {
    expect(inactivityState(T0, T0)).toEqual({ phase: 'active' });
    expect(inactivityState(T0, T0 + 13 * MINUTE - 1)).toEqual({ phase: 'active' });
  });

  it('opens the warning at 13 minutes with 120 seconds left', () => {
    expect(inactivityState(T0, T0 + 13 * MINUTE)).toEqual({ phase: 'warning', secondsLeft: 120 });
  });

  it('counts down one second per elapsed second', () => {
    expect(inactivityState(T0, T0 + 13 * MINUTE + 999)).toEqual({ phase: 'warning', secondsLeft: 120 });
    expect(inactivityState(T0, T0 + 13 * MINUTE + 1000)).toEqual({ phase: 'warning', secondsLeft: 119 });
    expect(inactivityState(T0, T0 + 14 * MINUTE)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityState(T0, T0 + 15 * MINUTE - 1)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires when the countdown reaches zero, i.e. at 15 minutes', () => {
    expect(inactivityState(T0, T0 + 15 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('expires straight away when the computer slept past 15 minutes', () => {
    expect(inactivityState(T0, T0 + 3 * 60 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('treats a clock that went backwards as fresh activity, not as expiry', () => {
    expect(inactivityState(T0, T0 - MINUTE)).toEqual({ phase: 'active' });
  });
});

describe('inactivityState when countdown and timeout disagree', () => {
  const timings: InactivityTimings = { warningMs: 10 * SECOND, timeoutMs: 60 * SECOND, countdownSeconds: 5 };

  it('expires when the countdown reaches zero before the timeout', () => {
    expect(inactivityState(T0, T0 + 14 * SECOND, timings)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(inactivityState(T0, T0 + 15 * SECOND, timings)).toEqual({ phase: 'expired' });
  });

  it('expires at the timeout even if the countdown would still run', () => {
    const short: InactivityTimings = { warningMs: 10 * SECOND, timeoutMs: 12 * SECOND, countdownSeconds: 120 };
    expect(inactivityState(T0, T0 + 11 * SECOND, short)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(inactivityState(T0, T0 + 12 * SECOND, short)).toEqual({ phase: 'expired' });
  });
});

describe('msUntilNextCheck', () => {
  it('waits until the warning threshold while active', () => {
    expect(msUntilNextCheck(T0, T0)).toBe(13 * MINUTE);
    expect(msUntilNextCheck(T0, T0 + 12 * MINUTE)).toBe(MINUTE);
  });

  it('ticks on each countdown second while warning', () => {
    expect(msUntilNextCheck(T0, T0 + 13 * MINUTE)).toBe(1000);
    expect(msUntilNextCheck(T0, T0 + 13 * MINUTE + 250)).toBe(750);
  });

  it('stops once expired', () => {
    expect(msUntilNextCheck(T0, T0 + 15 * MINUTE)).toBeNull();
  });

  it('lands exactly on the next state change', () => {
    let now = T0;
    const phases: string[] = [];
    for (let step = 0; step < 200; step += 1) {
      const wait = msUntilNextCheck(T0, now);
      if (wait === null) break;
      now += wait;
      const state = inactivityState(T0, now);
      phases.push(state.phase === 'warning' ? `warning:${state.secondsLeft}` : state.phase);
    }
    expect(phases[0]).toBe('warning:120');
    expect(phases[1]).toBe('warning:119');
    expect(phases.at(-2)).toBe('warning:1');
    expect(phases.at(-1)).toBe('expired');
    expect(now).toBe(T0 + 15 * MINUTE);
  });
});

describe('activityResetsTimer', () => {
  it('lets activity reset the timer only before the warning opens', () => {
    expect(activityResetsTimer({ phase: 'active' })).toBe(true);
    expect(activityResetsTimer({ phase: 'warning', secondsLeft: 42 })).toBe(false);
    expect(activityResetsTimer({ phase: 'expired' })).toBe(false);
  });
});

describe('countdownText', () => {
  it('says how many seconds are left', () => {
    expect(countdownText(120)).toBe('You will be logged out in 120 seconds due to inactivity.');
    expect(countdownText(1)).toBe('You will be logged out in 1 second due to inactivity.');
  });
});
