/**
 * The dispatch note of a transfer (stove IDs, kits or inventory) as the three transfer screens
 * hand it to DispatchNote, and the rules of its layout. Pure functions.
 */

interface Factory {
  name: string;
  code: string;
}

/** What a dispatch note prints: the same shape for every kind of transfer. */
export interface DispatchNoteData {
  /** "Stove transfer", "Kit transfer", "Inventory transfer". */
  kind: string;
  /** "ST-000012" */
  number: string;
  /** The absolute address where the transfer is received: the QR code opens it. */
  receiveUrl: string;
  /** The day it was sent, YYYY-MM-DD on the sending factory's calendar. */
  day: string;
  from: Factory;
  to: Factory;
  /** The goods, one row each: "Kit category" / "Item" and its quantity in words or digits. */
  lines: { heading: string; rows: readonly { what: string; quantity: string }[] };
  /** Every stove ID on the transfer (stove transfers only). */
  codes?: readonly string[];
  note: string | null;
  /** Who recorded it. */
  sentBy: string;
  /** Said at the top when the transfer is no longer on its way ("Canceled", "Rejected"). */
  warning?: string;
}

/** The printable width of an A4 dispatch note (210 mm less two margins of 14 mm). */
const PRINT_WIDTH_MM = 182;
/** A character of the stove ID font (monospace, 8 pt: 0.6 em ≈ 1.7 mm) and the gap beside a column. */
const CHAR_MM = 1.7;
const GAP_MM = 3.5;
export const MAX_CODE_COLUMNS = 8;

/**
 * How many columns of stove IDs fit across the printed note: as many as the longest code allows,
 * 1 to 8 (8 columns of "STV00000013" put about 550 IDs on a page).
 */
export function codeColumnCount(codes: readonly string[]): number {
  const longest = codes.reduce((max, code) => Math.max(max, code.length), 0);
  if (longest === 0) return 1;
  const fit = Math.floor(PRINT_WIDTH_MM / (longest * CHAR_MM + GAP_MM));
  return Math.max(1, Math.min(MAX_CODE_COLUMNS, fit));
}

/** The address of a screen of this app on this site, for a QR code any phone opens. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}
