/** Words, figures and links of the dashboards: pure, unit-tested. */
import { dayLabel } from '@common/calendar-days';
import { counted } from '@common/counted';
import type { Dashboard } from '@common/contracts/dashboards';
import type { MeResponse } from '@common/contracts/me';
import { shellRouteFor } from '@common/permissions';
import { zoneLabel } from '@common/time-zones';

/** Who looks at a dashboard (given by src/web/app from the signed-in user). */
export type DashboardViewer = Pick<MeResponse, 'groups' | 'permissions' | 'isGlobal' | 'factory'>;

/** The screen behind each figure, when the viewer may open it (null otherwise). */
export interface DashboardLinks {
  production: string | null;
  sales: string | null;
  transfers: string | null;
  transfer: (id: string) => string | null;
  kits: string | null;
  steel: string | null;
  inventory: string | null;
}

const TRANSFER_CONFIRMATIONS = '/stove-id/transfer-confirmations';

function canOpen(viewer: Pick<DashboardViewer, 'permissions'>, path: string): boolean {
  const route = shellRouteFor(path);
  return route !== undefined && viewer.permissions.includes(route.permission);
}

/** `path` with `params` (those set) in its query. */
function withParams(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Where each card leads: the first of its screens the viewer may open, narrowed to the dashboard's
 * factory when the screen filters by factory (a global viewer's choice; a factory-scoped viewer's
 * screens are narrowed by the server anyway).
 */
export function dashboardLinks(viewer: DashboardViewer, factoryId: string | undefined): DashboardLinks {
  const factory = viewer.isGlobal ? factoryId : undefined;
  const first = (paths: readonly string[], params: Record<string, string | undefined> = {}) => {
    const path = paths.find((p) => canOpen(viewer, p));
    return path ? withParams(path, params) : null;
  };
  const transfers = first([TRANSFER_CONFIRMATIONS]);
  return {
    production: first(['/production'], { factoryId: factory }),
    sales: first(['/sales/sales-report', '/sales/sales-order', '/sales'], { factoryId: factory }),
    transfers,
    transfer: (id) => (transfers ? `${TRANSFER_CONFIRMATIONS}/${id}` : null),
    kits: first(['/ckd', '/ckd/report', '/ckd/factory-report']),
    steel: first(['/steel'], { factoryId: factory }),
    inventory: first(['/inventory/management'], { low: 'true', factoryId: factory }),
  };
}

/** "7 Sep" (the charts' axis: the year is in the summary). */
export function shortDayLabel(day: string): string {
  return dayLabel(day).slice(0, -5);
}

/** "just now", "5 min", "3 h", "2 days": how long a transfer has been waiting. */
export function waitingFor(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return counted(Math.floor(hours / 24), 'day');
}

/** The production trend in one sentence (for screen readers, and under the chart's title). */
export function productionSummary(days: Dashboard['production']): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show.';
  const range = `${dayLabel(first.day)} to ${dayLabel(last.day)}`;
  const total = days.reduce((n, d) => n + d.stoves, 0);
  if (total === 0) return `No stoves coupled from ${range}.`;
  const best = days.reduce((b, d) => (d.stoves > b.stoves ? d : b), first);
  return (
    `${counted(total, 'stove')} coupled from ${range}, on ${counted(days.filter((d) => d.stoves > 0).length, 'day')} ` +
    `of ${days.length}. The busiest day was ${dayLabel(best.day)} with ${counted(best.stoves, 'stove')}.`
  );
}

/** The sales trend in one sentence. */
export function salesSummary(days: Dashboard['sales']): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show.';
  const range = `${dayLabel(first.day)} to ${dayLabel(last.day)}`;
  const stoves = days.reduce((n, d) => n + d.stoves, 0);
  const orders = days.reduce((n, d) => n + d.orders, 0);
  if (orders === 0) return `No stoves sold from ${range}.`;
  const best = days.reduce((b, d) => (d.stoves > b.stoves ? d : b), first);
  return (
    `${counted(stoves, 'stove')} sold on ${counted(orders, 'order')} from ${range}. ` +
    `The busiest day was ${dayLabel(best.day)} with ${counted(best.stoves, 'stove')}.`
  );
}

/** The page's line under its title. */
export function dashboardDescription(dashboard: Pick<Dashboard, 'scope' | 'factory' | 'date' | 'timeZone'>): string {
  const day = `${dayLabel(dashboard.date)}, ${zoneLabel(dashboard.timeZone)}`;
  if (dashboard.scope === 'factory' && dashboard.factory)
    return `${dashboard.factory.name} (${dashboard.factory.code}) today (${day}) and this month.`;
  if (dashboard.scope === 'all') return `Every factory today (${day}) and this month.`;
  return 'Production, sales, transfers and stock of your factory.';
}
