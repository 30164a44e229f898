/** App Doc: the user guide of this application, Markdown pages in docs/app-doc (see src/common/app-doc.ts). */
import { z } from 'zod';
import { snippetPartSchema } from './documentation';

export const APP_DOC_KINDS = ['screen', 'group'] as const;
export type AppDocKind = (typeof APP_DOC_KINDS)[number];

export const appDocSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  kind: z.enum(APP_DOC_KINDS),
  /** The screens (paths) the page documents; a group page lists the screens of its tasks. */
  routes: z.array(z.string()),
});
export type AppDocSummary = z.infer<typeof appDocSummarySchema>;

/** GET /api/app-doc: screens in menu order, then the groups. */
export const appDocIndexSchema = z.object({ items: z.array(appDocSummarySchema) });
export type AppDocIndex = z.infer<typeof appDocIndexSchema>;

/** GET /api/app-doc/:slug */
export const appDocPageSchema = appDocSummarySchema.extend({ markdown: z.string() });
export type AppDocPage = z.infer<typeof appDocPageSchema>;

/** GET /api/app-doc/search?q= */
export const appDocSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(200, 'A search is limited to 200 characters'),
});

export const appDocSearchResultSchema = appDocSummarySchema.extend({
  snippet: z.array(snippetPartSchema),
  score: z.number(),
});
export const appDocSearchResponseSchema = z.object({ items: z.array(appDocSearchResultSchema) });
export type AppDocSearchResponse = z.infer<typeof appDocSearchResponseSchema>;
