/**
 * The address a page's next change of its query parameters builds on.
 *
 * react-router applies a navigation after a few microtasks and renders it later still (in a
 * transition), and its functional `setSearchParams` hands over the parameters of the last render.
 * Two changes made before the page renders again (a "From" and a "To" date filled one after the
 * other on a busy machine, or a filter chosen while the search box's pause ends) would each start
 * from that render, and the second would undo the first. This remembers the page's own writes
 * until the router renders them, so each change builds on the one before.
 */
export class PendingSearchParams {
  /** What this page wrote that the router has not rendered yet, oldest first. */
  #writes: string[] = [];
  /** What the page rendered when the oldest of those was written. */
  #renderedBefore = '';

  /**
   * The query string the next change starts from, given what the page rendered last: the newest
   * write not yet rendered, or the rendered one. An address that is neither what was rendered
   * before the writes nor one of them came from elsewhere (a link, Back): it wins, and the writes
   * are forgotten.
   */
  base(rendered: string): string {
    const arrived = this.#writes.lastIndexOf(rendered);
    if (arrived >= 0) {
      this.#writes.splice(0, arrived + 1);
      this.#renderedBefore = rendered;
    } else if (rendered !== this.#renderedBefore) {
      this.#writes = [];
    }
    if (this.#writes.length === 0) this.#renderedBefore = rendered;
    return this.#writes.at(-1) ?? rendered;
  }

  /** Records a write the router has been asked to make. */
  wrote(next: string): void {
    this.#writes.push(next);
  }
}
