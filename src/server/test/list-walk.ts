/** Walks a keyset-paged list endpoint (src/common/contracts/list.ts) from the first page to the last. */
import type { ListResponse } from '../../common/contracts/list';
import type { TestContext } from './test-app';

export async function walkList<T>(
  ctx: TestContext,
  path: string,
  query: Record<string, string>,
  cookie: string,
  limit = 2,
): Promise<{ items: T[]; pages: number; totals: number[] }> {
  const items: T[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await ctx.request({ method: 'GET', url: `${path}?${params.toString()}`, cookie });
    if (res.statusCode !== 200) throw new Error(`GET ${path} page ${pages + 1}: ${res.statusCode} ${res.body}`);
    const page = res.json<ListResponse<T>>();
    items.push(...page.items);
    totals.push(page.total);
    cursor = page.nextCursor;
    pages++;
    if (pages > 1000) throw new Error('walkList: too many pages');
  } while (cursor);
  return { items, pages, totals };
}
