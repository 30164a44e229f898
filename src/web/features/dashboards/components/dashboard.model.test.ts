import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@common/contracts/dashboards';
import { dashboardDescription, dashboardLinks, productionSummary, salesSummary, waitingFor } from './dashboard.model';

const viewer = (permissions: string[], isGlobal = true) =>
  ({ groups: [], permissions, isGlobal, factory: null }) as unknown as Parameters<typeof dashboardLinks>[0];

describe('dashboardLinks', () => {
  it('leads each card to the first screen the viewer may open, narrowed to the chosen factory', () => {
    const links = dashboardLinks(
      viewer([
        'production-management',
        'sales-report',
        'stove-id-management',
        'steel-management',
        'inventory-management',
        'ckd-management',
      ]),
      'f1',
    );
    expect(links).toMatchObject({
      production: '/production?factoryId=f1',
      sales: '/sales/sales-report?factoryId=f1',
      transfers: '/stove-id/transfer-confirmations',
      kits: '/ckd',
      steel: '/steel?factoryId=f1',
      inventory: '/inventory/management?low=true&factoryId=f1',
    });
    expect(links.transfer('t1')).toBe('/stove-id/transfer-confirmations/t1');
  });

  it('falls back to the sales order list, and gives no link to a screen the viewer cannot open', () => {
    const links = dashboardLinks(viewer(['sales-order'], false), 'f1');
    expect(links.sales).toBe('/sales/sales-order');
    expect(links.steel).toBeNull();
    expect(links.transfers).toBeNull();
    expect(links.transfer('t1')).toBeNull();
  });
});

describe('words', () => {
  it('says how long a transfer has waited', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(waitingFor('2026-03-10T11:59:40Z', now)).toBe('just now');
    expect(waitingFor('2026-03-10T11:15:00Z', now)).toBe('45 min');
    expect(waitingFor('2026-03-10T07:00:00Z', now)).toBe('5 h');
    expect(waitingFor('2026-03-09T12:00:00Z', now)).toBe('1 day');
    expect(waitingFor('2026-03-01T12:00:00Z', now)).toBe('9 days');
  });

  it('sums the trends in a sentence', () => {
    const production = [
      { day: '2026-03-01', stoves: 0 },
      { day: '2026-03-02', stoves: 4 },
      { day: '2026-03-03', stoves: 1 },
    ];
    expect(productionSummary(production)).toBe(
      '5 stoves coupled from 1 Mar 2026 to 3 Mar 2026, on 2 days of 3. The busiest day was 2 Mar 2026 with 4 stoves.',
    );
    expect(productionSummary(production.map((d) => ({ ...d, stoves: 0 })))).toBe(
      'No stoves coupled from 1 Mar 2026 to 3 Mar 2026.',
    );
    expect(salesSummary(production.map((d) => ({ ...d, orders: d.stoves > 0 ? 1 : 0 })))).toBe(
      '5 stoves sold on 2 orders from 1 Mar 2026 to 3 Mar 2026. The busiest day was 2 Mar 2026 with 4 stoves.',
    );
  });

  it('describes what the dashboard covers', () => {
    const base: Pick<Dashboard, 'scope' | 'factory' | 'date' | 'timeZone'> = {
      scope: 'all',
      factory: null,
      date: '2026-03-10',
      timeZone: 'Africa/Nairobi',
    };
    expect(dashboardDescription(base)).toBe('Every factory today (10 Mar 2026, Nairobi time (UTC+3)) and this month.');
    expect(
      dashboardDescription({
        ...base,
        scope: 'factory',
        factory: { id: 'f', name: 'Mombasa Assembly', code: 'MSA' },
        timeZone: 'UTC',
      }),
    ).toBe('Mombasa Assembly (MSA) today (10 Mar 2026, UTC) and this month.');
  });
});
