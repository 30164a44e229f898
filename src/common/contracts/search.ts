/** The global search (Ctrl/Cmd+K): numbers, codes and names across the areas the viewer may open. */
import { z } from 'zod';

export const SEARCH_KINDS = [
  'stove-id',
  'stove-transfer',
  'stove-report',
  'sales-order',
  'kit-transfer',
  'inventory-document',
  'partner',
  'user',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What each kind of hit is, as people read it. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  'stove-id': 'Stove ID',
  'stove-transfer': 'Stove transfer',
  'stove-report': 'Stove report',
  'sales-order': 'Sales order',
  'kit-transfer': 'Kit transfer',
  'inventory-document': 'Inventory document',
  partner: 'Partner',
  user: 'User',
};

/** The longest search: a stove ID code is at most 32 characters, a name rarely more than 60. */
export const SEARCH_Q_MAX = 100;
/** Most hits one search answers. */
export const SEARCH_HITS_MAX = 10;

/** GET /api/search?q= */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_Q_MAX, `A search is limited to ${SEARCH_Q_MAX} characters`),
});

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The number, code or name: "TR-000012", "STV00012347", "Acme Distributors". */
  title: z.string(),
  /** A line about it: where, when, its status. */
  subtitle: z.string(),
  /** The app's page that opens it. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Exact numbers and codes first, then codes and names that start with the search. */
export const searchResponseSchema = z.object({ hits: z.array(searchHitSchema).max(SEARCH_HITS_MAX) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
