import { describe, expect, it } from 'vitest';
import { backOf, filterCodes } from './document.model';

describe('backOf', () => {
  const fallback = { to: '/area', title: 'Area' };
  const inArea = (to: string) => to.startsWith('/area');

  it('goes back to the screen the page was opened from, when the area accepts its address', () => {
    expect(backOf({ back: { to: '/area/list?q=x', title: 'List' } }, fallback, inArea)).toEqual({
      to: '/area/list?q=x',
      title: 'List',
    });
  });

  it('else to the fallback, itself', () => {
    expect(backOf(null, fallback, inArea)).toBe(fallback);
    expect(backOf('nope', fallback, inArea)).toBe(fallback);
    expect(backOf({ back: 'nope' }, fallback, inArea)).toBe(fallback);
    expect(backOf({ back: { to: '/area' } }, fallback, inArea)).toBe(fallback);
    expect(backOf({ back: { to: 3, title: 'x' } }, fallback, inArea)).toBe(fallback);
    expect(backOf({ back: { to: 'https://elsewhere.example/area', title: 'x' } }, fallback, inArea)).toBe(fallback);
  });

  it('keeps only the address and the title of what the state says', () => {
    const back = backOf({ back: { to: '/area', title: 'Area list', extra: true } }, fallback, inArea);
    expect(back).toEqual({ to: '/area', title: 'Area list' });
  });
});

describe('filterCodes', () => {
  const items = [{ code: 'STV00000010' }, { code: 'STV00000028' }, { code: 'STV00000036' }];

  it('finds the codes containing the search, trimmed and in capitals', () => {
    expect(filterCodes(items, ' stv00000028 ').map((i) => i.code)).toEqual(['STV00000028']);
    expect(filterCodes(items, '0000003').map((i) => i.code)).toEqual(['STV00000036']);
    expect(filterCodes(items, 'X')).toEqual([]);
  });

  it('keeps them all, as a new list, for an empty search', () => {
    const all = filterCodes(items, '  ');
    expect(all).toEqual(items);
    expect(all).not.toBe(items);
  });
});
