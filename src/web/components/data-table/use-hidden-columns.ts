import { useCallback, useState } from 'react';

function storageKey(tableId: string): string {
  return `data-table:${tableId}:hidden-columns`;
}

function readHidden(tableId: string): string[] {
  try {
    const raw = window.localStorage.getItem(storageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The ids of the columns the user hid in table `tableId`, remembered in this browser (localStorage). */
export function useHiddenColumns(tableId: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHiddenState] = useState(() => readHidden(tableId));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      try {
        window.localStorage.setItem(storageKey(tableId), JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choice lasts until the page is left.
      }
    },
    [tableId],
  );
  return [hidden, setHidden];
}
