/** English plural categories, as the UI's counts use them (en-US: 1 is "one"; 0, 2 and 1.5 are "other"). */
const englishPlurals = new Intl.PluralRules('en-US');

/**
 * `one` when `n` counts as one, else `other`: the one way the UI picks a noun or a verb by a
 * count ("1 stove ID becomes", "3 stove IDs become").
 */
export function plural<T>(n: number, one: T, other: T): T {
  return englishPlurals.select(n) === 'one' ? one : other;
}

/** "1 item", "3 items", "1,200 factories": a count with its noun in the right number (en-US digits). */
export function counted(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${plural(n, noun, pluralNoun)}`;
}
