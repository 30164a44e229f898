import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { clearDraft, loadDraft, saveDraft, type Draft, type DraftStorage } from './draft-store';

/** How long the value must be still before it is written (it is also written when the page hides or closes). */
const SAVE_DELAY_MS = 300;

function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface DraftOptions<T> {
  /** The screen's name in the key, e.g. "stove-transfer". */
  screen: string;
  /** The signed-in user's id: only their own draft is read and written. */
  userId: string;
  /** What the screen holds now. */
  value: T;
  /** True when there is nothing worth keeping (then no draft is kept). */
  isEmpty: (value: T) => boolean;
  /** Checks a stored draft on its way back. */
  schema: z.ZodType<T>;
  /** Puts a restored draft back on the screen (called once, after the first render). */
  restore: (value: T) => void;
  /** Empties the screen back to its start (Discard). */
  reset: () => void;
}

export interface DraftControl<T> {
  /** The draft put back on the screen when it opened, until it is discarded or submitted. */
  restored: Draft<T> | null;
  /** Discard: forgets the draft and empties the screen. */
  discard: () => void;
  /** After a successful submit: the draft is done. */
  clear: () => void;
}

/**
 * Keeps a screen's unfinished work as the user's draft in this browser: written a moment after each
 * change and at once when the page is hidden, closed or left (a sign-out unmounts it), put back when
 * the screen opens again. See draft-store.ts.
 */
export function useDraft<T>({
  screen,
  userId,
  value,
  isEmpty,
  schema,
  restore,
  reset,
}: DraftOptions<T>): DraftControl<T> {
  const [restored, setRestored] = useState<Draft<T> | null>(() => {
    const storage = browserStorage();
    return storage ? loadDraft(storage, userId, screen, schema, Date.now()) : null;
  });

  const latest = useRef({ screen, userId, isEmpty, restore, reset });
  useLayoutEffect(() => {
    latest.current = { screen, userId, isEmpty, restore, reset };
  });
  // What the storage holds (as JSON), so an unchanged value is not written again.
  const written = useRef<string | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    const storage = browserStorage();
    if (!next || !storage) return;
    const { screen: name, userId: user, isEmpty: empty } = latest.current;
    if (empty(next.value)) clearDraft(storage, user, name);
    else saveDraft(storage, user, name, next.value, Date.now());
  }, []);

  // Put the draft back once (StrictMode's second run puts back the same value).
  const initial = useRef(restored);
  useEffect(() => {
    if (initial.current) latest.current.restore(initial.current.value);
  }, []);

  // The value at the first render is the screen's start (or about to be replaced by the draft): not written.
  const json = JSON.stringify(value);
  const [start] = useState(json);
  useEffect(() => {
    if (json === (written.current ?? start)) return;
    written.current = json;
    pending.current = { value: JSON.parse(json) as T };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_DELAY_MS);
  }, [json, start, flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    const storage = browserStorage();
    if (storage) clearDraft(storage, latest.current.userId, latest.current.screen);
    setRestored(null);
  }, []);

  const discard = useCallback(() => {
    clear();
    latest.current.reset();
  }, [clear]);

  return { restored, discard, clear };
}

/** The part of the signed-in user (GET /api/me) a screen with drafts needs: whose drafts to keep. */
export interface DraftOwner {
  user: { id: string };
}
