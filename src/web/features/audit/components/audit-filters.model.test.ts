import { describe, expect, it } from 'vitest';
import { localDayBound, withLocalDayBounds } from './audit-filters.model';

describe('audit day filters', () => {
  it('turns a day into its first and last local instant', () => {
    const start = new Date(localDayBound('2031-03-01', false) ?? '');
    const end = new Date(localDayBound('2031-03-01', true) ?? '');
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2031, 2, 1, 0, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      1, 23, 59, 59, 999,
    ]);
  });

  it('leaves anything that is not a real day alone', () => {
    expect(localDayBound('2031-02-30', false)).toBeUndefined();
    expect(localDayBound('yesterday', true)).toBeUndefined();
    expect(withLocalDayBounds({ from: 'yesterday', q: 'x' })).toEqual({ from: 'yesterday', to: undefined, q: 'x' });
  });

  it('converts only from and to', () => {
    const out = withLocalDayBounds({ from: '2031-03-01', to: '2031-03-02', action: 'update', limit: 50 });
    expect(out.action).toBe('update');
    expect(out.limit).toBe(50);
    expect(out.from).toBe(localDayBound('2031-03-01', false));
    expect(out.to).toBe(localDayBound('2031-03-02', true));
  });
});
