/**
 * App Doc: the user guide's Markdown files in docs/app-doc, read once at start and kept in memory.
 * Each file is `<slug>.md` and opens with front matter:
 *
 *   ---
 *   title: Stove Transfer
 *   kind: screen            (screen | group)
 *   group: Admin            (group pages only)
 *   routes: /stove-id/transfer, /stove-id/transfer/…
 *   ---
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DOC_SCREEN_PAGES } from '../../../common/app-doc';
import {
  APP_DOC_KINDS,
  type AppDocIndex,
  type AppDocKind,
  type AppDocPage,
  type AppDocSearchResponse,
  type AppDocSummary,
} from '../../../common/contracts/app-doc';
import type { SnippetPart } from '../../../common/contracts/documentation';
import { GROUPS, isGroup } from '../../../common/permissions';
import { errors } from '../../http/errors';
import { APP_DOC_DIR } from '../../paths';

interface LoadedPage extends AppDocPage {
  group: string | null;
  /** The text without Markdown marks, lower-cased for search. */
  plain: string;
  plainLower: string;
  titleLower: string;
}

export interface AppDocLibrary {
  index(): AppDocIndex;
  page(slug: string): AppDocPage;
  search(q: string): AppDocSearchResponse;
}

/** Parses one file; throws naming the file when its front matter is missing or wrong. */
export function parseAppDocFile(slug: string, text: string): AppDocPage & { group: string | null } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`docs/app-doc/${slug}.md: no front matter (--- title/kind/routes ---)`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const kv = /^([a-z]+):\s*(.*)$/.exec(line);
    if (!kv?.[1]) throw new Error(`docs/app-doc/${slug}.md: bad front matter line "${line}"`);
    fields.set(kv[1], (kv[2] ?? '').trim());
  }
  const title = fields.get('title');
  const kind = fields.get('kind');
  if (!title) throw new Error(`docs/app-doc/${slug}.md: no title`);
  if (!kind || !(APP_DOC_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`docs/app-doc/${slug}.md: kind must be one of ${APP_DOC_KINDS.join(', ')}`);
  }
  const routes = (fields.get('routes') ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (routes.some((r) => !r.startsWith('/')))
    throw new Error(`docs/app-doc/${slug}.md: routes are paths like /factory`);
  const group = fields.get('group') ?? null;
  if (group !== null && !isGroup(group)) throw new Error(`docs/app-doc/${slug}.md: unknown group ${group}`);
  return { slug, title, kind: kind as AppDocKind, routes, group, markdown: (match[2] ?? '').trim() + '\n' };
}

/** Markdown as plain text: links keep their words, marks and code fences go. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,6}|[-*+]|\d+\.|>|\|)\s*/gm, '')
    .replace(/[*_`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a page sits in the index: screens in the order of APP_DOC_SCREEN_PAGES, then the groups. */
function order(page: { slug: string; kind: AppDocKind; group: string | null }): number {
  if (page.kind === 'group') return 1000 + (page.group && isGroup(page.group) ? GROUPS.indexOf(page.group) : 99);
  const at = [...new Set(Object.values(APP_DOC_SCREEN_PAGES))].indexOf(page.slug);
  return at < 0 ? 999 : at;
}

const SNIPPET_RADIUS = 90;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A window of `text` around its first hit, the words found marked. */
function snippetOf(text: string, words: string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  const first = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0));
  const at = Number.isFinite(first) ? first : 0;
  let start = Math.max(0, at - SNIPPET_RADIUS);
  let end = Math.min(text.length, at + SNIPPET_RADIUS * 2);
  // Whole words at both ends.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  const window = `${start > 0 ? '… ' : ''}${text.slice(start, end)}${end < text.length ? ' …' : ''}`;
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  return window
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.includes(part.toLowerCase()) }));
}

function summary(page: LoadedPage): AppDocSummary {
  return { slug: page.slug, title: page.title, kind: page.kind, routes: page.routes };
}

/** Reads every docs/app-doc/*.md once. */
export function loadAppDoc(dir: string = APP_DOC_DIR): AppDocLibrary {
  const pages = readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const slug = name.slice(0, -3);
      const parsed = parseAppDocFile(slug, readFileSync(join(dir, name), 'utf8'));
      const plain = plainText(parsed.markdown);
      return { ...parsed, plain, plainLower: plain.toLowerCase(), titleLower: parsed.title.toLowerCase() };
    })
    .sort((a, b) => order(a) - order(b) || a.title.localeCompare(b.title));
  const bySlug = new Map(pages.map((p) => [p.slug, p]));

  return {
    index: () => ({ items: pages.map(summary) }),
    page(slug) {
      const page = bySlug.get(slug);
      if (!page) throw errors.notFound('No App Doc page at this address.');
      return { ...summary(page), markdown: page.markdown };
    },
    /**
     * Every word of `q` must appear (as a word or the start of one is enough: "transf" finds
     * "transfer") in the title or the text; a word in the title counts most, the whole search in
     * the title more.
     */
    search(q) {
      const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
      if (words.length === 0) return { items: [] };
      const phrase = q.trim().toLowerCase();
      const scored = pages.flatMap((page) => {
        let score = page.titleLower.includes(phrase) ? 20 : 0;
        for (const word of words) {
          const inTitle = page.titleLower.includes(word);
          const inText = page.plainLower.split(word).length - 1;
          if (!inTitle && inText === 0) return [];
          score += (inTitle ? 10 : 0) + Math.min(inText, 10);
        }
        if (page.kind === 'screen') score += 0.5;
        return [{ ...summary(page), snippet: snippetOf(page.plain, words), score }];
      });
      scored.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
      return { items: scored.slice(0, 30) };
    },
  };
}
