import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { docPageRevisions, docPages } from '../../db/schema/communication';
import { profiles } from '../../db/schema/core';

export type DocPageRecord = typeof docPages.$inferSelect;

const creator = alias(users, 'creator');
const creatorProfile = alias(profiles, 'creator_profile');
const updater = alias(users, 'updater');
const updaterProfile = alias(profiles, 'updater_profile');
const editor = alias(users, 'editor');
const editorProfile = alias(profiles, 'editor_profile');

const PAGE_COLUMNS = {
  id: docPages.id,
  slug: docPages.slug,
  title: docPages.title,
  section: docPages.section,
  body: docPages.body,
  version: docPages.version,
  createdAt: docPages.createdAt,
  updatedAt: docPages.updatedAt,
  createdById: docPages.createdBy,
  createdByName: sql<string | null>`coalesce(${creatorProfile.name}, ${creator.name})`,
  createdByEmail: creator.email,
  updatedById: docPages.updatedBy,
  updatedByName: sql<string | null>`coalesce(${updaterProfile.name}, ${updater.name})`,
  updatedByEmail: updater.email,
};

/** A page with the people who created and last saved it. */
export interface DocPageRow {
  id: string;
  slug: string;
  title: string;
  section: string;
  body: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  updatedById: string | null;
  updatedByName: string | null;
  updatedByEmail: string | null;
}

export async function findDocPageRow(db: Executor, slug: string): Promise<DocPageRow | null> {
  const [row] = await db
    .select(PAGE_COLUMNS)
    .from(docPages)
    .leftJoin(creator, eq(creator.id, docPages.createdBy))
    .leftJoin(creatorProfile, eq(creatorProfile.id, docPages.createdBy))
    .leftJoin(updater, eq(updater.id, docPages.updatedBy))
    .leftJoin(updaterProfile, eq(updaterProfile.id, docPages.updatedBy))
    .where(eq(docPages.slug, slug));
  return row ?? null;
}

/** Every page without its body, by section then title. */
export async function listDocPageSummaries(db: Executor) {
  return db
    .select({
      slug: docPages.slug,
      title: docPages.title,
      section: docPages.section,
      version: docPages.version,
      updatedAt: docPages.updatedAt,
    })
    .from(docPages)
    .orderBy(asc(sql`lower(${docPages.section})`), asc(sql`lower(${docPages.title})`), asc(docPages.slug));
}

/** Locks the page for the rest of the transaction. */
export async function lockDocPage(db: Executor, slug: string): Promise<DocPageRecord | null> {
  const [row] = await db.select().from(docPages).where(eq(docPages.slug, slug)).for('update');
  return row ?? null;
}

export async function docSlugTaken(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: docPages.id }).from(docPages).where(eq(docPages.slug, slug));
  return row !== undefined;
}

export async function insertDocPage(db: Executor, values: typeof docPages.$inferInsert): Promise<DocPageRecord> {
  const [row] = await db.insert(docPages).values(values).onConflictDoNothing().returning();
  if (!row) throw new DocSlugTakenError();
  return row;
}

/** Another page took the slug between the check and the insert. */
export class DocSlugTakenError extends Error {}

export async function updateDocPageRow(
  db: Executor,
  id: string,
  values: Pick<typeof docPages.$inferInsert, 'title' | 'section' | 'body' | 'version' | 'updatedBy'> & {
    updatedAt?: Date;
  },
): Promise<DocPageRecord> {
  const [row] = await db
    .update(docPages)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(docPages.id, id))
    .returning();
  if (!row) throw new Error('update of doc_pages returned no row');
  return row;
}

export async function insertDocRevision(db: Executor, values: typeof docPageRevisions.$inferInsert): Promise<void> {
  await db.insert(docPageRevisions).values(values);
}

const REVISION_COLUMNS = {
  version: docPageRevisions.version,
  title: docPageRevisions.title,
  section: docPageRevisions.section,
  editedAt: docPageRevisions.editedAt,
  editedById: docPageRevisions.editedBy,
  editedByName: sql<string | null>`coalesce(${editorProfile.name}, ${editor.name})`,
  editedByEmail: editor.email,
};

export async function listDocRevisions(db: Executor, pageId: string) {
  return db
    .select(REVISION_COLUMNS)
    .from(docPageRevisions)
    .leftJoin(editor, eq(editor.id, docPageRevisions.editedBy))
    .leftJoin(editorProfile, eq(editorProfile.id, docPageRevisions.editedBy))
    .where(eq(docPageRevisions.pageId, pageId))
    .orderBy(desc(docPageRevisions.version));
}

export async function findDocRevision(db: Executor, pageId: string, version: number) {
  const [row] = await db
    .select({ ...REVISION_COLUMNS, body: docPageRevisions.body })
    .from(docPageRevisions)
    .leftJoin(editor, eq(editor.id, docPageRevisions.editedBy))
    .leftJoin(editorProfile, eq(editorProfile.id, docPageRevisions.editedBy))
    .where(and(eq(docPageRevisions.pageId, pageId), eq(docPageRevisions.version, version)));
  return row ?? null;
}

export async function findDocPageId(db: Executor, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: docPages.id }).from(docPages).where(eq(docPages.slug, slug));
  return row?.id ?? null;
}

/** Marks the words found in a ts_headline snippet; the service splits on them (never HTML). */
export const HEADLINE_START = '\u0002';
export const HEADLINE_STOP = '\u0003';

export interface DocSearchRow {
  slug: string;
  title: string;
  section: string;
  headline: string;
  rank: number;
}

/**
 * Full-text search: the words of `q` (websearch syntax: "quoted phrases", or, -not), or all of
 * `prefixes` as starts of words (so partial words match), or `q` inside a title. Best first: the
 * text rank, plus a bonus when the title contains `q`.
 *
 * A prefix matches stemmed ('inspections' is stored as 'inspect') or as typed: English
 * stemming alone would turn a partial word into something no word starts with ('happy' → 'happi').
 */
export async function searchDocPages(
  db: Executor,
  q: string,
  prefixes: string[],
  limit: number,
): Promise<DocSearchRow[]> {
  const words = sql`websearch_to_tsquery('english', ${q})`;
  const starts = prefixes.map((p) => sql`(to_tsquery('english', ${`${p}:*`}) || to_tsquery('simple', ${`${p}:*`}))`);
  const query = starts.length > 0 ? sql`(${words} || (${sql.join(starts, sql` && `)}))` : words;
  const titleHit = sql`${docPages.title} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  const options = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  return queryRows<DocSearchRow>(
    db,
    sql`select slug, title, section,
               ts_headline('english', body, ${query}, ${options}) as headline,
               (ts_rank(search_vector, ${query}) + case when ${titleHit} then 1 else 0 end)::float8 as rank
          from ${docPages}
         where search_vector @@ ${query} or ${titleHit}
         order by rank desc, lower(title), slug
         limit ${limit}`,
  );
}
