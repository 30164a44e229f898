import { describe, expect, it } from 'vitest';
import { chartTurns } from './chart-turns';

/** Turns whose "later" runs only when the test says (the browser's timer). */
function manual() {
  const pending: (() => void)[] = [];
  const turns = chartTurns((next) => pending.push(next));
  return { turns, tick: () => pending.splice(0).forEach((f) => f()) };
}

describe('chartTurns', () => {
  it('draws one chart at a time, the next only after the one before is drawn and the browser had a turn', () => {
    const { turns, tick } = manual();
    const shown: string[] = [];
    const a = turns.take(() => shown.push('a'));
    const b = turns.take(() => shown.push('b'));
    turns.take(() => shown.push('c'));
    expect(shown).toEqual(['a']);
    tick();
    expect(shown).toEqual(['a']);
    a.drawn();
    expect(shown).toEqual(['a']);
    tick();
    expect(shown).toEqual(['a', 'b']);
    b.drawn();
    tick();
    expect(shown).toEqual(['a', 'b', 'c']);
  });

  it('a chart that goes away while it waits never draws; one that goes away during its turn passes it on', () => {
    const { turns, tick } = manual();
    const shown: string[] = [];
    const a = turns.take(() => shown.push('a'));
    const b = turns.take(() => shown.push('b'));
    turns.take(() => shown.push('c'));
    b.cancel();
    a.cancel();
    tick();
    expect(shown).toEqual(['a', 'c']);
  });

  it('a chart that comes when none is drawing draws at once, and drawn or cancel twice changes nothing', () => {
    const { turns, tick } = manual();
    const shown: string[] = [];
    const a = turns.take(() => shown.push('a'));
    a.drawn();
    a.drawn();
    a.cancel();
    tick();
    const b = turns.take(() => shown.push('b'));
    expect(shown).toEqual(['a', 'b']);
    const c = turns.take(() => shown.push('c'));
    b.drawn();
    tick();
    expect(shown).toEqual(['a', 'b', 'c']);
    c.cancel();
    tick();
    turns.take(() => shown.push('d'));
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
  });
});
