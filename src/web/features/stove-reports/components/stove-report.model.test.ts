import { describe, expect, it } from 'vitest';
import type { StoveReportCheck } from '@common/contracts/production';
import {
  backOf,
  refusedCodes,
  reportConsequence,
  reportQuestion,
  stoves,
  submitReadiness,
  verdictsByCode,
} from './stove-report.model';

const check: StoveReportCheck = {
  items: [
    { code: 'A0001', verdict: 'ok', status: 'in_stock', reason: null },
    { code: 'A0002', verdict: 'coupled', status: 'coupled', reason: 'Already coupled (on another stove report)' },
    { code: 'A0003', verdict: 'ok', status: 'in_stock', reason: null },
  ],
  ok: 2,
  problems: 1,
  kitsAvailable: 10,
};

const ready = {
  factoryId: 'f',
  categoryId: 'c',
  date: '2026-03-05',
  today: '2026-03-05',
  codes: ['A0001', 'A0003'],
  byCode: verdictsByCode(check),
  kitsAvailable: 10,
  checking: false,
  checkFailed: false,
};

describe('submitReadiness', () => {
  it('may submit when every code is checked and in stock and kits suffice', () => {
    expect(submitReadiness(ready)).toEqual({ checked: 2, ok: 2, problems: 0, blocked: null });
  });

  it.each([
    [{ factoryId: '' }, 'Choose the factory.'],
    [{ categoryId: '' }, 'Choose the stove model.'],
    [{ date: '' }, 'Choose the date the stoves were coupled.'],
    [{ date: '2026-03-06' }, 'Stoves cannot be reported for a day to come: choose 5 Mar 2026 or earlier.'],
    [{ codes: [] }, 'Scan or paste the stove IDs of the stoves you coupled.'],
    [{ codes: Array.from({ length: 1003 }, (_, i) => `C${i}`) }, 'A report holds at most 1,000 stove IDs: remove 3.'],
    [{ checkFailed: true }, 'The stove IDs could not be checked.'],
    [{ codes: ['A0001', 'A0002'] }, 'Remove the 1 stove ID that cannot be reported.'],
    [{ checking: true }, 'Checking the stove IDs...'],
    [{ codes: ['A0001', 'A0004'] }, 'Checking the stove IDs...'],
    [{ kitsAvailable: 1 }, 'Not enough kits: 1 kit in stock, 2 kits needed.'],
  ])('is blocked by %o: %s', (change, reason) => {
    expect(submitReadiness({ ...ready, ...change }).blocked).toBe(reason);
  });

  it('does not wait for the kit count', () => {
    expect(submitReadiness({ ...ready, kitsAvailable: null }).blocked).toBeNull();
  });
});

describe('words', () => {
  it('lists refused codes in the list order', () => {
    expect(refusedCodes(['A0002', 'A0001', 'A0009'], verdictsByCode(check)).map((i) => i.code)).toEqual(['A0002']);
  });

  it('asks and explains before submitting', () => {
    expect(reportQuestion(1)).toBe('Report 1 stove?');
    expect(reportQuestion(1200)).toBe('Report 1,200 stoves?');
    expect(stoves(2)).toBe('2 stoves');
    expect(
      reportConsequence({ count: 2, model: 'Jiko Classic', factory: 'Mombasa Assembly', date: '2026-03-05' }),
    ).toBe(
      "2 stove IDs become coupled as Jiko Classic stoves made on 5 Mar 2026, and 2 kits are taken from Mombasa Assembly's stock. A manager can void the report if it is wrong.",
    );
  });
});

describe('backOf', () => {
  const fallback = { to: '/production', title: 'Production Overview' };
  it('goes back where the page was opened from, within production', () => {
    const form = { to: '/production/stove-report', title: 'Submit Production Report' };
    expect(backOf({ back: form }, fallback)).toEqual(form);
    expect(backOf({ back: { to: '/production?status=voided', title: 'Production Overview' } }, fallback).to).toBe(
      '/production?status=voided',
    );
  });
  it('else to the overview', () => {
    expect(backOf(null, fallback)).toBe(fallback);
    expect(backOf({ back: { to: 'https://elsewhere.example', title: 'x' } }, fallback)).toBe(fallback);
    expect(backOf({ back: 'nope' }, fallback)).toBe(fallback);
  });
});
