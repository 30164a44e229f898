/** A query string from a flat object: empty strings and undefined are left out; keys keep their order. */
export function toQueryString(params: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

/** `path` with `params` appended as a query string (no "?" when there is none). */
export function withQuery(
  path: string,
  params: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const query = toQueryString(params);
  return query ? `${path}?${query}` : path;
}
