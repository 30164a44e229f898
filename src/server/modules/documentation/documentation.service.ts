import {
  docSlugFromTitle,
  type CreateDocPage,
  type DocHistory,
  type DocPage,
  type DocPageIndex,
  type DocRevision,
  type DocSearchResponse,
  type DocStaleDetails,
  type SnippetPart,
  type UpdateDocPage,
} from '../../../common/contracts/documentation';
import { personRef } from '../../../common/contracts/fields';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { ERROR_CODES } from '../../../common/contracts/errors';
import { insertAudit } from '../audit/audit.repository';
import {
  docSlugTaken,
  DocSlugTakenError,
  findDocPageId,
  findDocPageRow,
  findDocRevision,
  HEADLINE_START,
  HEADLINE_STOP,
  insertDocPage,
  insertDocRevision,
  listDocPageSummaries,
  listDocRevisions,
  lockDocPage,
  searchDocPages,
  updateDocPageRow,
  type DocPageRecord,
  type DocPageRow,
} from './documentation.repository';

const RECORD_TYPE = 'doc-page';
const NOT_FOUND = 'No documentation page at this address.';
const SLUG_TAKEN = 'A page with this address already exists.';
const SEARCH_LIMIT = 50;

function presentPage(row: DocPageRow): DocPage {
  return {
    slug: row.slug,
    title: row.title,
    section: row.section,
    body: row.body,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: personRef(row.updatedById, row.updatedByName, row.updatedByEmail),
  };
}

/** What the audit log keeps of a page. */
function audited(row: DocPageRecord) {
  return { slug: row.slug, title: row.title, section: row.section, version: row.version, body: row.body };
}

export async function listDocPages(db: Database): Promise<DocPageIndex> {
  const rows = await listDocPageSummaries(db);
  const sections: DocPageIndex['sections'] = [];
  for (const row of rows) {
    let last = sections.at(-1);
    if (!last || last.name.toLowerCase() !== row.section.toLowerCase()) {
      last = { name: row.section, pages: [] };
      sections.push(last);
    }
    last.pages.push({ ...row, updatedAt: row.updatedAt.toISOString() });
  }
  return { sections };
}

export async function getDocPage(db: Database, slug: string): Promise<DocPage> {
  const row = await findDocPageRow(db, slug);
  if (!row) throw errors.notFound(NOT_FOUND);
  return presentPage(row);
}

/** The words of `q` to match as prefixes ("Insp kil" → ['insp', 'kil']): letters a-z and digits, 2+ characters. */
export function prefixWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => w.replace(/[^a-z0-9]/g, '')).filter((w) => w.length >= 2);
}

/** Splits a ts_headline on its markers: the words found become `match` parts; Markdown marks dropped. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const clean = (text: string) =>
    text
      .replace(/^[ \t]*(#{1,6}|>)[ \t]*/gm, '')
      .replace(/[*_`|]+/g, '')
      .replace(/\s+/g, ' ');
  // Found words next to each other read as one highlight ("kiln door" rather than "kiln" "door").
  let rest = headline.replaceAll(new RegExp(`${HEADLINE_STOP}(\\s+)${HEADLINE_START}`, 'g'), '$1');
  while (rest.length > 0) {
    const start = rest.indexOf(HEADLINE_START);
    if (start < 0) {
      parts.push({ text: clean(rest), match: false });
      break;
    }
    if (start > 0) parts.push({ text: clean(rest.slice(0, start)), match: false });
    const stop = rest.indexOf(HEADLINE_STOP, start);
    const end = stop < 0 ? rest.length : stop;
    parts.push({ text: clean(rest.slice(start + 1, end)), match: true });
    rest = stop < 0 ? '' : rest.slice(stop + 1);
  }
  const merged: SnippetPart[] = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const last = merged.at(-1);
    if (last && last.match === part.match) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

export async function searchDocumentation(db: Database, q: string): Promise<DocSearchResponse> {
  const rows = await searchDocPages(db, q, prefixWords(q), SEARCH_LIMIT);
  return {
    items: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      section: row.section,
      snippet: snippetParts(row.headline),
      rank: Number(row.rank),
    })),
  };
}

async function pageIdOf(db: Database, slug: string): Promise<string> {
  const id = await findDocPageId(db, slug);
  if (!id) throw errors.notFound(NOT_FOUND);
  return id;
}

export async function getDocHistory(db: Database, slug: string): Promise<DocHistory> {
  const rows = await listDocRevisions(db, await pageIdOf(db, slug));
  return {
    items: rows.map((row) => ({
      version: row.version,
      title: row.title,
      section: row.section,
      editedAt: row.editedAt.toISOString(),
      editedBy: personRef(row.editedById, row.editedByName, row.editedByEmail),
    })),
  };
}

export async function getDocRevision(db: Database, slug: string, version: number): Promise<DocRevision> {
  const row = await findDocRevision(db, await pageIdOf(db, slug), version);
  if (!row) throw errors.notFound(`This page has no version ${version}.`);
  return {
    version: row.version,
    title: row.title,
    section: row.section,
    body: row.body,
    editedAt: row.editedAt.toISOString(),
    editedBy: personRef(row.editedById, row.editedByName, row.editedByEmail),
  };
}

function slugTaken(): AppError {
  return errors.conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
}

export async function createDocPage(db: Database, actor: Actor | null, input: CreateDocPage): Promise<DocPage> {
  const slug = input.slug ?? docSlugFromTitle(input.title);
  if (!slug) {
    throw errors.validation('Give the page an address: the title has no letters or digits to make one from.', {
      slug: ['Give the page an address, e.g. kiln-safety'],
    });
  }
  const userId = actor?.userId ?? null;
  await db.transaction(async (tx) => {
    if (await docSlugTaken(tx, slug)) throw slugTaken();
    let row: DocPageRecord;
    try {
      row = await insertDocPage(tx, {
        slug,
        title: input.title,
        section: input.section,
        body: input.body,
        version: 1,
        createdBy: userId,
        updatedBy: userId,
      });
    } catch (error) {
      if (error instanceof DocSlugTakenError) throw slugTaken();
      throw error;
    }
    await insertDocRevision(tx, {
      pageId: row.id,
      version: 1,
      title: row.title,
      section: row.section,
      body: row.body,
      editedAt: row.updatedAt,
      editedBy: userId,
    });
    await insertAudit(tx, {
      actorId: userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: row.id,
      after: audited(row),
    });
  });
  return getDocPage(db, slug);
}

function staleVersion(row: DocPageRow): AppError {
  const who = row.updatedByName ?? row.updatedByEmail ?? 'someone';
  const when = `${row.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const details: DocStaleDetails = {
    currentVersion: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: personRef(row.updatedById, row.updatedByName, row.updatedByEmail),
  };
  return new AppError(
    409,
    ERROR_CODES.conflict,
    `Someone else saved this page since you opened it: ${who} saved version ${row.version} at ${when}. ` +
      'Reload the page to see their changes, then make yours again.',
    details,
  );
}

/**
 * Saves a new version of a page under a row lock: refused (409, nothing changed) when the page
 * moved on from the version the editor started from. A save that changes nothing is no new version.
 */
export async function updateDocPage(db: Database, actor: Actor, slug: string, input: UpdateDocPage): Promise<DocPage> {
  await db.transaction(async (tx) => {
    const current = await lockDocPage(tx, slug);
    if (!current) throw errors.notFound(NOT_FOUND);
    if (current.version !== input.version) {
      const row = await findDocPageRow(tx, slug);
      if (!row) throw errors.notFound(NOT_FOUND);
      throw staleVersion(row);
    }
    const next = {
      title: input.title ?? current.title,
      section: input.section ?? current.section,
      body: input.body ?? current.body,
    };
    if (next.title === current.title && next.section === current.section && next.body === current.body) return;
    const updated = await updateDocPageRow(tx, current.id, {
      ...next,
      version: current.version + 1,
      updatedBy: actor.userId,
    });
    await insertDocRevision(tx, {
      pageId: current.id,
      version: updated.version,
      ...next,
      editedAt: updated.updatedAt,
      editedBy: actor.userId,
    });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'update',
      recordType: RECORD_TYPE,
      recordId: current.id,
      before: audited(current),
      after: audited(updated),
    });
  });
  return getDocPage(db, slug);
}
