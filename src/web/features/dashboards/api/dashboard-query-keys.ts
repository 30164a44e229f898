/**
 * Every dashboard query starts with `dashboard`: the live-update hook invalidates ['dashboard'] when
 * stove IDs, stock, sales or transfers change, so an open dashboard reads its figures again.
 */
export const dashboardQueryKey = ['dashboard'] as const;
