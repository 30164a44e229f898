/** Which of a row's actions a phone's card shows as a button, and which stay in its "…" menu. */
export interface SplitRowActions<A> {
  /** The row's main action: its first one that is not destructive (Open, Edit…). */
  main: A | undefined;
  /** The rest, in their order. */
  more: A[];
}

export function splitRowActions<A extends { variant?: 'default' | 'destructive' }>(
  actions: readonly A[],
): SplitRowActions<A> {
  const main = actions.find((action) => action.variant !== 'destructive');
  return { main, more: actions.filter((action) => action !== main) };
}
