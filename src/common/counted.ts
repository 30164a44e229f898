/** "1 item", "3 items", "1,200 factories": a count with its noun in the right number (en-US digits). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}
