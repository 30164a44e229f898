/**
 * Drafts: a screen's unfinished work kept in this browser's localStorage, one per user and screen,
 * so a reload, a crashed tab or a sign-out loses nothing. The key holds the user's id: a user's
 * drafts are only ever read with their own id. What is stored is versioned and checked on the way
 * back (a draft that does not parse, or is older than a week, is dropped silently).
 */
import type { z } from 'zod';

/** Drafts older than this are dropped. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const VERSION = 1;

/** The storage drafts live in (localStorage in the browser; a Map-backed stand-in in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Draft<T> {
  value: T;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

/** `draft:v1:<userId>:<screen>`. */
export function draftKey(userId: string, screen: string): string {
  return `draft:v${VERSION}:${userId}:${screen}`;
}

/** Stores the draft; false when the storage refused it (full, or blocked by the browser). */
export function saveDraft<T>(storage: DraftStorage, userId: string, screen: string, value: T, now: number): boolean {
  try {
    storage.setItem(draftKey(userId, screen), JSON.stringify({ v: VERSION, savedAt: now, value }));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage, userId: string, screen: string): void {
  try {
    storage.removeItem(draftKey(userId, screen));
  } catch {
    // Storage blocked: there is nothing to clear.
  }
}

/** The user's draft of the screen, or null (none, unreadable, of another version, or stale: then it is removed). */
export function loadDraft<T>(
  storage: DraftStorage,
  userId: string,
  screen: string,
  schema: z.ZodType<T>,
  now: number,
): Draft<T> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(userId, screen));
  } catch {
    return null;
  }
  if (raw === null) return null;
  const draft = parseDraft(raw, schema, now);
  if (!draft) clearDraft(storage, userId, screen);
  return draft;
}

function parseDraft<T>(raw: string, schema: z.ZodType<T>, now: number): Draft<T> | null {
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { v, savedAt, value } = stored as Record<string, unknown>;
  if (v !== VERSION || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  if (now - savedAt > DRAFT_MAX_AGE_MS || savedAt > now + DRAFT_MAX_AGE_MS) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data, savedAt } : null;
}
