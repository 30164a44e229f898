/**
 * The rules of scanning with the camera: what a read label means (stove ID codes, split and
 * normalized as the scan field's scannedCodes does), which reads are new, which are repeats to tell
 * of and which are the same label still in view, and what to say when the camera cannot start.
 * Pure, so unit-tested.
 */
import { splitCodeList } from '@common/stove-codes';

/** The path of a stove ID's page; a label's QR code may hold its address. */
const STOVE_PAGE_PATH = /\/stove-id\/management\/([^/?#]+)/;

/**
 * The stove ID codes a read label holds: the code itself (as the scan field takes a scanner's text:
 * trimmed, uppercase) or, from the address of a stove ID's page, the code at its end. Any other
 * address is no stove ID: none.
 */
export function codesFromScan(raw: string): string[] {
  const text = raw.trim();
  if (/^https?:\/\//i.test(text)) {
    let path: string;
    try {
      path = new URL(text).pathname;
    } catch {
      return [];
    }
    const match = STOVE_PAGE_PATH.exec(path);
    if (!match?.[1]) return [];
    try {
      return splitCodeList(decodeURIComponent(match[1]));
    } catch {
      return [];
    }
  }
  return splitCodeList(text);
}

/** A label read again within this time of its last read is the same label still in view. */
export const IN_VIEW_MS = 1500;

/** What a read is: a code to add, a repeat to tell of, or the same label still in front of the camera. */
export type ReadKind = 'new' | 'repeat' | 'in-view';

/**
 * Remembers the codes read in one camera session and when each was last seen. `read` says what a
 * read is: new (first read, and not in the list already), a repeat (read before, or already in the
 * list, and back in view after leaving it) or in view (read again within IN_VIEW_MS: the camera
 * reads the same label many times a second, and that is ignored silently).
 */
export class ScanMemory {
  private readonly lastSeen = new Map<string, number>();

  read(code: string, now: number, inList: (code: string) => boolean = () => false): ReadKind {
    const last = this.lastSeen.get(code);
    this.lastSeen.set(code, now);
    if (last !== undefined && now - last < IN_VIEW_MS) return 'in-view';
    if (last !== undefined || inList(code)) return 'repeat';
    return 'new';
  }
}

/** The message for an error of starting the camera (a DOMException's name from getUserMedia). */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return "The camera is blocked for this site. Allow the camera in the browser's settings for this site, then try again.";
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device. Type or scan the stove IDs instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app. Close that app, then try again.';
    default:
      return 'The camera could not be started. Try again, or type or scan the stove IDs instead.';
  }
}
