/**
 * The pure rules of a return note (DOMAIN.md §4 "Sales"): which order line each of an order's stove
 * IDs came from, and what each returned stove is credited.
 *
 * An order records its IDs, not which line each went with. Each ID is given to a line of its model
 * (the kit category it was coupled as), lines in order, each line taking at most its stoves; IDs
 * without a recorded model (carried over from the previous system) then fill the lines with room,
 * in order. The allocation runs over ALL the order's IDs in id order, so an ID's line never depends
 * on which IDs are returned, or when.
 *
 * A stove is credited its line's price per stove (unit price ÷ stoves per package) in cents, the
 * j-th stove returned from a line getting round(j × price ÷ spp) − round((j − 1) × price ÷ spp):
 * returning every stove of a line credits exactly its line total, however the returns split it.
 */

export interface AllocatedLine {
  /** The line's position on the order (1, 2, 3…). */
  position: number;
  /** The model (kit category id) of the line's package. */
  modelId: string;
  /** Stoves the line holds: quantity × stoves per package. */
  stoves: number;
}

/**
 * The line (position) of each ID, by id. `ids`: the order's IDs in id order with their model (null:
 * none recorded). IDs no line has room for (an inconsistent order) are absent.
 */
export function linesOfIds(
  ids: readonly { id: number; modelId: string | null }[],
  lines: readonly AllocatedLine[],
): Map<number, number> {
  const room = new Map(lines.map((l) => [l.position, l.stoves]));
  const take = (position: number) => room.set(position, (room.get(position) ?? 0) - 1);
  const lineOf = new Map<number, number>();
  const unplaced: number[] = [];
  for (const item of ids) {
    const line = lines.find((l) => l.modelId === item.modelId && (room.get(l.position) ?? 0) > 0);
    if (line) {
      lineOf.set(item.id, line.position);
      take(line.position);
    } else unplaced.push(item.id);
  }
  for (const id of unplaced) {
    const line = lines.find((l) => (room.get(l.position) ?? 0) > 0);
    if (!line) continue;
    lineOf.set(id, line.position);
    take(line.position);
  }
  return lineOf;
}

/**
 * The credit in cents of each of `returning` stoves of a line whose unit price is `unitCents` for
 * `stovesPerPackage` stoves, `returnedBefore` of its stoves having been returned already.
 */
export function stoveCredits(
  unitCents: number,
  stovesPerPackage: number,
  returnedBefore: number,
  returning: number,
): number[] {
  const upTo = (n: number) => Math.round((n * unitCents) / stovesPerPackage);
  return Array.from({ length: returning }, (_, i) => upTo(returnedBefore + i + 1) - upTo(returnedBefore + i));
}
