/**
 * Documentation: the company's own pages (DOMAIN.md §4), read by everyone with
 * system-documentation, written by holders of edit-documentation (Admin). A page keeps its
 * address (slug); every save is a new version kept in the page's history.
 */
import { z } from 'zod';
import { personRefSchema } from './fields';

export const DOC_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const DOC_SLUG_MAX = 80;
export const DOC_BODY_MAX = 100_000;
export const DOC_SEARCH_MAX = 200;

/**
 * A page's address from its title: lower case, accents dropped, anything but letters and digits
 * becomes one dash ("Kiln & press safety" → kiln-press-safety); '' when nothing is left.
 */
export function docSlugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, DOC_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

export const docSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(DOC_SLUG_MAX, `The address is limited to ${DOC_SLUG_MAX} characters`)
  .regex(DOC_SLUG_PATTERN, 'Use lower-case letters and digits separated by single dashes, e.g. kiln-safety');

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title is limited to 200 characters');
const section = z
  .string({ error: 'Section is required' })
  .trim()
  .min(1, 'Section is required')
  .max(100, 'Section is limited to 100 characters');
const body = z
  .string({ error: 'Text is required' })
  .max(DOC_BODY_MAX, `The text is limited to ${DOC_BODY_MAX.toLocaleString('en-US')} characters`);

/** POST /api/documentation/pages (no slug, or an empty one: derived from the title). */
export const createDocPageSchema = z.object({
  title,
  section,
  body,
  slug: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), docSlugSchema.optional()),
});
export type CreateDocPage = z.infer<typeof createDocPageSchema>;

/** The page editor's form: an empty address means "make it from the title" (new pages only). */
export const docPageFormSchema = z.object({
  title,
  section,
  body,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(DOC_SLUG_MAX, `The address is limited to ${DOC_SLUG_MAX} characters`)
    .refine(
      (v) => v === '' || DOC_SLUG_PATTERN.test(v),
      'Use lower-case letters and digits separated by single dashes, e.g. kiln-safety',
    ),
});
export type DocPageFormValues = z.input<typeof docPageFormSchema>;

/** PATCH /api/documentation/pages/:slug: `version` is the version the editor started from. */
export const updateDocPageSchema = z
  .object({
    title: title.optional(),
    section: section.optional(),
    body: body.optional(),
    version: z.number({ error: 'The version you started from is required' }).int().min(1),
  })
  .refine((v) => v.title !== undefined || v.section !== undefined || v.body !== undefined, 'Nothing to change');
export type UpdateDocPage = z.infer<typeof updateDocPageSchema>;

/** A page in the list (no body). */
export const docPageSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  section: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});

/** GET /api/documentation/pages: sections by name, pages by title. */
export const docPageIndexSchema = z.object({
  sections: z.array(z.object({ name: z.string(), pages: z.array(docPageSummarySchema) })),
});
export type DocPageIndex = z.infer<typeof docPageIndexSchema>;

/** GET /api/documentation/pages/:slug */
export const docPageSchema = docPageSummarySchema.extend({
  body: z.string(),
  createdAt: z.string(),
  createdBy: personRefSchema,
  updatedBy: personRefSchema,
});
export type DocPage = z.infer<typeof docPageSchema>;

/** GET /api/documentation/search?q= */
export const docSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(DOC_SEARCH_MAX, `A search is limited to ${DOC_SEARCH_MAX} characters`),
});

/** A piece of a search snippet: `match` pieces are the words found (shown highlighted, as text). */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const docSearchResultSchema = z.object({
  slug: z.string(),
  title: z.string(),
  section: z.string(),
  snippet: z.array(snippetPartSchema),
  rank: z.number(),
});
export const docSearchResponseSchema = z.object({ items: z.array(docSearchResultSchema) });
export type DocSearchResponse = z.infer<typeof docSearchResponseSchema>;

/** GET /api/documentation/pages/:slug/history: newest first. */
export const docRevisionSummarySchema = z.object({
  version: z.number().int(),
  title: z.string(),
  section: z.string(),
  editedAt: z.string(),
  editedBy: personRefSchema,
});
export const docHistorySchema = z.object({ items: z.array(docRevisionSummarySchema) });
export type DocHistory = z.infer<typeof docHistorySchema>;

/** GET /api/documentation/pages/:slug/history/:version */
export const docRevisionSchema = docRevisionSummarySchema.extend({ body: z.string() });
export type DocRevision = z.infer<typeof docRevisionSchema>;

/** The 409 of a save that started from an older version: who saved since, and when. */
export const docStaleDetailsSchema = z.object({
  currentVersion: z.number().int(),
  updatedAt: z.string(),
  updatedBy: personRefSchema,
});
export type DocStaleDetails = z.infer<typeof docStaleDetailsSchema>;
