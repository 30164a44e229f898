import { useMemo } from 'react';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { CHECK_DEBOUNCE_MS } from './code-check.model';

/**
 * What to check of a list, once it has been still for a moment: `input` (null: nothing to check),
 * `listKey` naming its codes cheaply for the query key, and `waiting` while a newer list waits.
 */
export function useCheckInput<T extends { codes: readonly string[] }>(request: T | null) {
  const input = useDebouncedValue(request, CHECK_DEBOUNCE_MS);
  const listKey = useMemo(() => input?.codes.join('\n') ?? '', [input]);
  return { input, listKey, waiting: request !== input };
}
