/**
 * Documentation API: every group reads the pages (list by section, one page, full-text search,
 * history); only edit-documentation (Admin) creates and saves them; a save from an older version
 * is refused; every save is a version in the history and an audit row.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocHistory,
  DocPage,
  DocPageIndex,
  DocRevision,
  DocSearchResponse,
} from '../../../common/contracts/documentation';
import { docSlugFromTitle } from '../../../common/contracts/documentation';
import { GROUPS } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { docPageRevisions, docPages } from '../../db/schema/communication';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { createTestContext, type TestContext } from '../../test/test-app';
import { prefixWords, snippetParts } from './documentation.service';

let ctx: TestContext;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedInAs(['Admin']);
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]> } & Record<string, unknown>;
  };
}

/** A word nobody else wrote, to find exactly one page by search. */
/** A word no other test writes: ten random letters (hex digits mapped to letters would repeat). */
const uniqueWord = () => `zq${Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
const uniqueSlug = () => `page-${randomBytes(4).toString('hex')}`;

const create = (payload: Record<string, unknown>, cookie: string = admin.cookie) =>
  ctx.request({ method: 'POST', url: '/api/documentation/pages', payload, cookie });
const patch = (slug: string, payload: Record<string, unknown>, cookie: string = admin.cookie) =>
  ctx.request({ method: 'PATCH', url: `/api/documentation/pages/${slug}`, payload, cookie });
const get = (url: string, cookie: string = admin.cookie) => ctx.request({ method: 'GET', url, cookie });

async function makePage(overrides: Record<string, unknown> = {}): Promise<DocPage> {
  const res = await create({
    slug: uniqueSlug(),
    title: 'A page',
    section: 'Testing',
    body: 'Some text.',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DocPage>();
}

const EDITORS = groupsWith('edit-documentation');
const NOT_EDITORS = groupsWithout('edit-documentation');

it('every group reads the documentation; only Admin edits it', () => {
  expect(groupsWith('system-documentation')).toEqual([...GROUPS]);
  expect(EDITORS).toEqual(['Admin']);
});

describe('POST /api/documentation/pages', () => {
  it('creates a page with version 1, its first revision and an audit row', async () => {
    const slug = uniqueSlug();
    const res = await create({ slug, title: '  Kiln safety  ', section: ' Safety ', body: '# Kiln\n\nWear gloves.' });
    expect(res.statusCode).toBe(201);
    const page = res.json<DocPage>();
    expect(page).toMatchObject({
      slug,
      title: 'Kiln safety',
      section: 'Safety',
      body: '# Kiln\n\nWear gloves.',
      version: 1,
      createdBy: { id: admin.id },
      updatedBy: { id: admin.id },
    });
    const [row] = await ctx.handle.db.select().from(docPages).where(eq(docPages.slug, slug));
    expect(row).toMatchObject({ version: 1, createdBy: admin.id, updatedBy: admin.id });
    const revisions = await ctx.handle.db
      .select()
      .from(docPageRevisions)
      .where(eq(docPageRevisions.pageId, row?.id ?? ''));
    expect(revisions).toMatchObject([{ version: 1, title: 'Kiln safety', editedBy: admin.id }]);
    const audit = await auditRows(ctx.handle.db, 'create', row?.id ?? '');
    expect(audit).toMatchObject([{ actorId: admin.id, recordType: 'doc-page', after: { slug, version: 1 } }]);
  });

  it('derives the address from the title when none is given', async () => {
    const word = uniqueWord();
    const res = await create({ title: `Stove Inspection: Checklist ${word}!`, section: 'Quality', body: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json<DocPage>().slug).toBe(`stove-inspection-checklist-${word}`);
    expect(docSlugFromTitle('Café – Crème brûlée')).toBe('cafe-creme-brulee');
  });

  it('refuses an address already used: 409, nothing created', async () => {
    const page = await makePage();
    const before = await countRows(ctx.handle.db, docPages);
    const res = await create({ slug: page.slug, title: 'Another', section: 'Testing', body: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe('A page with this address already exists.');
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.slug).toBeDefined();
    // The same from a title that makes the same address.
    const again = await create({ title: page.slug.replace(/-/g, ' '), section: 'Testing', body: 'x' });
    expect(again.statusCode).toBe(409);
    expect(await countRows(ctx.handle.db, docPages)).toBe(before);
  });

  it.each([
    ['no title', { title: '', section: 'S', body: 'x' }, 'title'],
    ['a blank section', { title: 'T', section: '   ', body: 'x' }, 'section'],
    ['no text', { title: 'T', section: 'S' }, 'body'],
    ['a bad address', { title: 'T', section: 'S', body: 'x', slug: 'Not A Slug!' }, 'slug'],
    ['too long a text', { title: 'T', section: 'S', body: 'x'.repeat(100_001) }, 'body'],
  ])('%s: 400 on the field, nothing created', async (_name, payload, field) => {
    const before = await countRows(ctx.handle.db, docPages);
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toBeDefined();
    expect(await countRows(ctx.handle.db, docPages)).toBe(before);
  });

  it('a title without letters or digits needs an address: 400 on slug', async () => {
    const res = await create({ title: '!!!', section: 'S', body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.slug).toBeDefined();
  });

  it.each(NOT_EDITORS.map((g) => [g]))('%s (no edit-documentation) gets 403', async (group) => {
    const { cookie } = await ctx.signedInAs([group]);
    const slug = uniqueSlug();
    const res = await create({ slug, title: 'Nope', section: 'S', body: 'x' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(await countRows(ctx.handle.db, docPages, eq(docPages.slug, slug))).toBe(0);
  });
});

describe('PATCH /api/documentation/pages/:slug', () => {
  it('saves a new version: revision, audit before/after, history newest first', async () => {
    const page = await makePage({ body: 'First text.' });
    const editor = await ctx.signedInAs(['Admin']);
    const res = await patch(page.slug, { body: 'Second text.', section: 'Moved', version: 1 }, editor.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DocPage>()).toMatchObject({
      version: 2,
      body: 'Second text.',
      section: 'Moved',
      title: 'A page',
      createdBy: { id: admin.id },
      updatedBy: { id: editor.id },
    });
    const history = (await get(`/api/documentation/pages/${page.slug}/history`)).json<DocHistory>();
    expect(history.items.map((r) => [r.version, r.editedBy?.id])).toEqual([
      [2, editor.id],
      [1, admin.id],
    ]);
    const v1 = await get(`/api/documentation/pages/${page.slug}/history/1`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json<DocRevision>()).toMatchObject({ version: 1, body: 'First text.', section: 'Testing' });
    const [row] = await ctx.handle.db.select().from(docPages).where(eq(docPages.slug, page.slug));
    const audit = await auditRows(ctx.handle.db, 'update', row?.id ?? '');
    expect(audit).toMatchObject([
      { actorId: editor.id, before: { version: 1, body: 'First text.' }, after: { version: 2, body: 'Second text.' } },
    ]);
  });

  it('refuses a save from an older version: 409 naming who saved and when, nothing changed', async () => {
    const page = await makePage();
    const other = await ctx.signedInAs(['Admin']);
    expect((await patch(page.slug, { body: 'Theirs', version: 1 }, other.cookie)).statusCode).toBe(200);
    const res = await patch(page.slug, { body: 'Mine', version: 1 });
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.message).toMatch(/^Someone else saved this page since you opened it: Test Admin saved version 2 at /);
    expect(error.details).toMatchObject({ currentVersion: 2, updatedBy: { id: other.id } });
    const now = (await get(`/api/documentation/pages/${page.slug}`)).json<DocPage>();
    expect(now).toMatchObject({ version: 2, body: 'Theirs' });
    expect((await get(`/api/documentation/pages/${page.slug}/history`)).json<DocHistory>().items).toHaveLength(2);
  });

  it('a save that changes nothing is no new version', async () => {
    const page = await makePage();
    const res = await patch(page.slug, { title: page.title, body: page.body, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json<DocPage>().version).toBe(1);
    expect((await get(`/api/documentation/pages/${page.slug}/history`)).json<DocHistory>().items).toHaveLength(1);
  });

  it('bad input: 400 and nothing changed; unknown page: 404', async () => {
    const page = await makePage();
    const cases: Record<string, unknown>[] = [
      { version: 1 },
      { title: '', version: 1 },
      { body: 'x' },
      { body: 'x', version: 0 },
    ];
    for (const payload of cases)
      expect((await patch(page.slug, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await get(`/api/documentation/pages/${page.slug}`)).json<DocPage>().version).toBe(1);
    expect((await patch('no-such-page', { body: 'x', version: 1 })).statusCode).toBe(404);
  });

  it('a non-Admin gets 403 and the page stays as it was', async () => {
    const page = await makePage();
    const { cookie } = await ctx.signedInAs(['Senior Production Manager']);
    expect((await patch(page.slug, { body: 'x', version: 1 }, cookie)).statusCode).toBe(403);
    expect((await get(`/api/documentation/pages/${page.slug}`)).json<DocPage>().body).toBe('Some text.');
  });

  it('history is append-only in the database', async () => {
    const page = await makePage();
    await expect(
      ctx.handle.db.execute(
        sql`update doc_page_revisions set body = 'x' where page_id = (select id from doc_pages where slug = ${page.slug})`,
      ),
    ).rejects.toThrow();
  });
});

describe('reading', () => {
  it('lists every page by section then title, without bodies; any group reads it', async () => {
    const section = `Zz section ${uniqueWord()}`;
    await makePage({ section, title: 'Beta' });
    await makePage({ section, title: 'alpha' });
    const { cookie } = await ctx.signedInAs(['Stove Coupler']);
    const res = await get('/api/documentation/pages', cookie);
    expect(res.statusCode).toBe(200);
    const index = res.json<DocPageIndex>();
    const mine = index.sections.find((s) => s.name === section);
    expect(mine?.pages.map((p) => p.title)).toEqual(['alpha', 'Beta']);
    expect(mine?.pages[0]).not.toHaveProperty('body');
    const names = index.sections.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('one page with its text; 404 for an unknown address or version', async () => {
    const page = await makePage();
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    const res = await get(`/api/documentation/pages/${page.slug}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<DocPage>()).toMatchObject({ slug: page.slug, body: 'Some text.', version: 1 });
    expect((await get('/api/documentation/pages/no-such-page', cookie)).statusCode).toBe(404);
    expect((await get(`/api/documentation/pages/${page.slug}/history/9`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/documentation/pages/${page.slug}/history/abc`, cookie)).statusCode).toBe(400);
    expect((await get('/api/documentation/pages/no-such-page/history', cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/documentation/search', () => {
  it('finds a page by a word of its body, with a snippet marking the word', async () => {
    const word = uniqueWord();
    const page = await makePage({ title: 'Press checks', body: `Before the shift check the ${word} on the press.` });
    const res = await get(`/api/documentation/search?q=${word}`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<DocSearchResponse>();
    expect(items.map((i) => i.slug)).toEqual([page.slug]);
    expect(items[0]?.snippet).toContainEqual({ text: word, match: true });
    expect(items[0]?.snippet.map((p) => p.text).join('')).toContain('Before the shift check');
  });

  it('finds by stemmed words, by the start of a word, and by part of a title; titles rank first', async () => {
    const word = uniqueWord();
    const inTitle = await makePage({ title: `Inspection ${word}`, body: 'Nothing here.' });
    const inBody = await makePage({ title: 'Other', body: `The inspections of ${word} stoves.` });
    const stemmed = (
      await get(`/api/documentation/search?q=${encodeURIComponent(`inspecting ${word}`)}`)
    ).json<DocSearchResponse>();
    expect(stemmed.items.map((i) => i.slug)).toEqual([inTitle.slug, inBody.slug]);
    const partial = (await get(`/api/documentation/search?q=${word.slice(0, 7)}`)).json<DocSearchResponse>();
    expect(partial.items.map((i) => i.slug)).toEqual(expect.arrayContaining([inTitle.slug, inBody.slug]));
    const titlePart = (
      await get(`/api/documentation/search?q=${encodeURIComponent(`ection ${word}`)}`)
    ).json<DocSearchResponse>();
    expect(titlePart.items[0]?.slug).toBe(inTitle.slug);
  });

  it('finds by the start of a word that English stemming would change (…y → …i), and by two starts', async () => {
    const word = `zqhappy${uniqueWord()}`;
    const page = await makePage({ title: 'Other', body: `The ${word} inspections.` });
    for (const q of ['zqhappy', 'zqhappy inspec']) {
      const found = (await get(`/api/documentation/search?q=${encodeURIComponent(q)}`)).json<DocSearchResponse>();
      expect(found.items.map((i) => i.slug)).toContain(page.slug);
    }
  });

  it('400 on an empty search; punctuation alone finds nothing', async () => {
    expect((await get('/api/documentation/search?q=%20')).statusCode).toBe(400);
    expect((await get('/api/documentation/search')).statusCode).toBe(400);
    const res = await get(`/api/documentation/search?q=${encodeURIComponent('"(!:&|')}`);
    expect(res.statusCode).toBe(200);
  });

  it('builds prefix queries and snippets safely', () => {
    expect(prefixWords("Kiln's & press-safety: a")).toEqual(['kiln', 'press', 'safety']);
    expect(prefixWords('!!')).toEqual([]);
    expect(snippetParts('## the \u0002kiln\u0003 \u0002door\u0003 is <b>hot</b>')).toEqual([
      { text: 'the ', match: false },
      { text: 'kiln door', match: true },
      { text: ' is <b>hot</b>', match: false },
    ]);
  });

  it('searches the whole text with the index (no error from words PostgreSQL drops)', async () => {
    const rows = await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from doc_pages`);
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect((await get('/api/documentation/search?q=the')).statusCode).toBe(200);
  });
});
