import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';
import { PendingSearchParams } from './pending-search-params';

/** Changes the address's query parameters, starting from the latest ones (see below). */
export type UpdateSearchParams = (
  this: void,
  change: (latest: URLSearchParams) => URLSearchParams,
  options?: NavigateOptions,
) => void;

/**
 * The page's query parameters, and a way to change them that builds on the latest address,
 * including this page's own changes the router has not rendered yet (PendingSearchParams): use it
 * wherever a page keeps state in the URL, instead of react-router's setSearchParams, whose
 * functional form starts from the last render.
 */
export function useUrlSearchParams(): [URLSearchParams, UpdateSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const pending = useRef<PendingSearchParams | null>(null);
  const rendered = useRef(searchParams);
  useLayoutEffect(() => {
    rendered.current = searchParams;
  }, [searchParams]);

  const update = useCallback<UpdateSearchParams>(
    (change, options) => {
      pending.current ??= new PendingSearchParams();
      const base = pending.current.base(rendered.current.toString());
      const next = change(new URLSearchParams(base));
      pending.current.wrote(next.toString());
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return [searchParams, update];
}
