import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.model';

describe('auditDiff', () => {
  it('marks changed, added and removed keys', () => {
    expect(auditDiff({ name: 'A', code: 'X1', gone: 1 }, { name: 'B', code: 'X1', added: [1] })).toEqual([
      { key: 'name', before: '"A"', after: '"B"', changed: true },
      { key: 'code', before: '"X1"', after: '"X1"', changed: false },
      { key: 'gone', before: '1', after: undefined, changed: true },
      { key: 'added', before: undefined, after: '[\n  1\n]', changed: true },
    ]);
  });

  it('shows a created record (no before) and a deleted one (no after)', () => {
    expect(auditDiff(null, { a: 1 })).toEqual([{ key: 'a', before: undefined, after: '1', changed: true }]);
    expect(auditDiff({ a: 1 }, null)).toEqual([{ key: 'a', before: '1', after: undefined, changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('compares nested values as a whole', () => {
    const [line] = auditDiff({ f: { id: 1, n: 'a' } }, { f: { id: 1, n: 'b' } });
    expect(line?.changed).toBe(true);
    expect(auditDiff({ f: { id: 1 } }, { f: { id: 1 } })[0]?.changed).toBe(false);
  });

  it('shows values that are not objects whole', () => {
    expect(auditDiff('x', 'y')).toEqual([{ key: 'value', before: '"x"', after: '"y"', changed: true }]);
  });
});
