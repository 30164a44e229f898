/**
 * The query keys of the sales feature: every sales query starts with `sales` (the shared option
 * list in web/lib/sales-options.ts too), so a change to a category, a package or a price reads the
 * lists, the options and the price grid again.
 */
export const salesQueryKey = ['sales'] as const;
