/**
 * App Doc: every screen of the shell (and sign-in, My account) has its page, every group its
 * daily tasks, every page named in src/common/app-doc.ts has its file and the file's routes agree
 * with the map; the API lists, searches and serves the pages to every group (app-doc).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_DOC_GROUP_PAGES, APP_DOC_SCREEN_PAGES, appDocSlugFor } from '../../../common/app-doc';
import type { AppDocIndex, AppDocPage, AppDocSearchResponse } from '../../../common/contracts/app-doc';
import { GROUPS, SHELL_ROUTES } from '../../../common/permissions';
import { groupsWith } from '../../test/groups';
import { createTestContext, type TestContext } from '../../test/test-app';
import { APP_DOC_DIR } from '../../paths';
import { loadAppDoc, parseAppDocFile } from './app-doc.service';

describe('the App Doc pages', () => {
  const library = loadAppDoc();
  const pages = library.index().items;

  it('gives every shell route, sign-in and My account a page', () => {
    const missing = [...SHELL_ROUTES.map((r) => r.path), '/auth', '/account'].filter((p) => !APP_DOC_SCREEN_PAGES[p]);
    expect(missing).toEqual([]);
  });

  it('gives every group a page of daily tasks', () => {
    expect(Object.keys(APP_DOC_GROUP_PAGES).sort()).toEqual([...GROUPS].sort());
  });

  it('has a file for every page of the map, and no file the map does not name', () => {
    const wanted = new Set([...Object.values(APP_DOC_SCREEN_PAGES), ...Object.values(APP_DOC_GROUP_PAGES)]);
    expect([...wanted].filter((slug) => !existsSync(join(APP_DOC_DIR, `${slug}.md`)))).toEqual([]);
    expect(pages.map((p) => p.slug).filter((slug) => !wanted.has(slug))).toEqual([]);
  });

  it("lists in each screen page exactly the routes the map gives it; group pages' routes are screens", () => {
    for (const page of pages) {
      if (page.kind === 'screen') {
        const mapped = Object.entries(APP_DOC_SCREEN_PAGES)
          .filter(([, slug]) => slug === page.slug)
          .map(([path]) => path);
        expect(page.routes.filter((r) => appDocSlugFor(r) === page.slug).sort(), page.slug).toEqual(mapped.sort());
      } else {
        expect(Object.values(APP_DOC_GROUP_PAGES)).toContain(page.slug);
        expect(
          page.routes.filter((r) => !appDocSlugFor(r)),
          page.slug,
        ).toEqual([]);
      }
    }
  });

  it('links only to App Doc pages that exist', () => {
    const slugs = new Set(pages.map((p) => p.slug));
    const broken: string[] = [];
    for (const { slug } of pages) {
      for (const m of library.page(slug).markdown.matchAll(/\]\(\/app-doc\/([a-z0-9-]+)/g)) {
        if (!slugs.has(m[1] ?? '')) broken.push(`${slug} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('maps a screen and the pages under it to the screen page', () => {
    expect(appDocSlugFor('/stove-id/transfer')).toBe('stove-transfer');
    expect(appDocSlugFor('/sales/sales-order/8d0c')).toBe('sales-order');
    expect(appDocSlugFor('/documentation/kiln-safety')).toBe('documentation');
    expect(appDocSlugFor('/production/stove-reports/1')).toBe('production-overview');
    expect(appDocSlugFor('/inventory/transfer-history/')).toBe('inventory');
    expect(appDocSlugFor('/nowhere')).toBeUndefined();
  });

  it('refuses a file without front matter or with a wrong kind', () => {
    expect(() => parseAppDocFile('x', '# Title\n')).toThrow(/front matter/);
    expect(() => parseAppDocFile('x', '---\ntitle: X\nkind: other\n---\nText')).toThrow(/kind/);
    expect(parseAppDocFile('x', '---\ntitle: X\nkind: screen\nroutes: /a, /b\n---\n# X\n')).toMatchObject({
      title: 'X',
      kind: 'screen',
      routes: ['/a', '/b'],
      markdown: '# X\n',
    });
  });
});

describe('App Doc API', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Stove Coupler'])).cookie;
  });
  afterAll(async () => {
    await ctx.close();
  });
  const get = (url: string) => ctx.request({ method: 'GET', url, cookie });

  it('every group reads App Doc', () => {
    expect(groupsWith('app-doc')).toEqual([...GROUPS]);
  });

  it('GET /api/app-doc lists the screens in menu order, then the groups', async () => {
    const res = await get('/api/app-doc');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<AppDocIndex>();
    const kinds = items.map((i) => i.kind);
    expect(kinds.indexOf('group')).toBe(kinds.lastIndexOf('screen') + 1);
    expect(items[0]).toMatchObject({ slug: 'sign-in', kind: 'screen', routes: ['/auth', '/recover', '/invitation'] });
    expect(items.find((i) => i.slug === 'group-admin')).toMatchObject({ kind: 'group' });
  });

  it('GET /api/app-doc/:slug serves the Markdown; 404 for an unknown page', async () => {
    const res = await get('/api/app-doc/stove-transfer');
    expect(res.statusCode).toBe(200);
    const page = res.json<AppDocPage>();
    expect(page).toMatchObject({ slug: 'stove-transfer', kind: 'screen', routes: ['/stove-id/transfer'] });
    expect(page.markdown).not.toMatch(/^---/);
    expect((await get('/api/app-doc/no-such-page')).statusCode).toBe(404);
  });

  it('GET /api/app-doc/search ranks title hits first and marks the words in a snippet', async () => {
    const res = await get('/api/app-doc/search?q=transfer');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<AppDocSearchResponse>();
    expect(items.length).toBeGreaterThan(2);
    expect(items[0]?.title.toLowerCase()).toContain('transfer');
    expect(items[0]?.snippet.some((p) => p.match && p.text.toLowerCase() === 'transfer')).toBe(true);
    // The start of a word is enough; every word must be found.
    expect((await get('/api/app-doc/search?q=transf')).json<AppDocSearchResponse>().items.length).toBeGreaterThan(0);
    expect((await get('/api/app-doc/search?q=transfer%20zzqqxx')).json<AppDocSearchResponse>().items).toEqual([]);
  });

  it('400 on an empty search', async () => {
    expect((await get('/api/app-doc/search?q=')).statusCode).toBe(400);
    expect((await get('/api/app-doc/search')).statusCode).toBe(400);
  });
});
