import { describe, expect, it } from 'vitest';
import type { SteelOverview } from '@common/contracts/steel';
import { formatMonth, lowStock, stockTotals, usageCharts, usageSummary, usageThisMonth } from './steel-overview.model';

const overview: SteelOverview = {
  factories: [
    { id: 'f-msa', name: 'Mombasa Assembly', code: 'MSA' },
    { id: 'f-nbo', name: 'Nairobi Central Plant', code: 'NBO' },
  ],
  categories: [
    {
      id: 'c-mild',
      name: 'Mild steel sheet 1.2 mm',
      grade: 'DC01',
      unit: 'kg',
      reorderLevel: 800,
      active: true,
      total: 1200.5,
      belowReorder: false,
      stock: [
        { factoryId: 'f-msa', quantity: 100, belowReorder: true },
        { factoryId: 'f-nbo', quantity: 1100.5, belowReorder: false },
      ],
    },
    {
      id: 'c-stainless',
      name: 'Stainless sheet 1.0 mm',
      grade: null,
      unit: 'kg',
      reorderLevel: 150,
      active: true,
      total: 90,
      belowReorder: true,
      stock: [{ factoryId: 'f-nbo', quantity: 90, belowReorder: true }],
    },
    {
      id: 'c-rod',
      name: 'Rod',
      grade: null,
      unit: 'kg',
      reorderLevel: 100,
      active: true,
      total: 20,
      belowReorder: true,
      stock: [{ factoryId: 'f-nbo', quantity: 20, belowReorder: true }],
    },
    {
      id: 'c-plates',
      name: 'Cut plates',
      grade: null,
      unit: 'sheet',
      reorderLevel: 0,
      active: true,
      total: 35,
      belowReorder: false,
      stock: [{ factoryId: 'f-nbo', quantity: 35, belowReorder: false }],
    },
  ],
  usage: {
    months: ['2025-11', '2025-12', '2026-01'],
    series: [
      { categoryId: 'c-mild', name: 'Mild steel sheet 1.2 mm', unit: 'kg', quantities: [100, 300.25, 50] },
      { categoryId: 'c-stainless', name: 'Stainless sheet 1.0 mm', unit: 'kg', quantities: [0, 20, 10] },
      { categoryId: 'c-plates', name: 'Cut plates', unit: 'sheet', quantities: [1, 0, 3] },
    ],
  },
};

describe('steel overview model', () => {
  it('formats months', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
  });

  it('lists categories below their reorder level, furthest below first, with the factories below', () => {
    const low = lowStock(overview);
    expect(low.map((l) => l.category.id)).toEqual(['c-rod', 'c-stainless']);
    expect(low[1]?.factoriesBelow).toEqual([{ code: 'NBO', name: 'Nairobi Central Plant', quantity: 90 }]);
  });

  it('sums stock and this month’s usage per unit, never kg with sheets', () => {
    expect(stockTotals(overview)).toEqual(['1,310.5 kg', '35 sheets']);
    expect(usageThisMonth(overview)).toEqual(['60 kg', '3 sheets']);
  });

  it('makes one stacked chart per unit with a row per month', () => {
    const charts = usageCharts(overview.usage);
    expect(charts.map((c) => c.unit)).toEqual(['kg', 'sheet']);
    expect(charts[0]?.rows).toEqual([
      { month: '2025-11', 'c-mild': 100, 'c-stainless': 0 },
      { month: '2025-12', 'c-mild': 300.25, 'c-stainless': 20 },
      { month: '2026-01', 'c-mild': 50, 'c-stainless': 10 },
    ]);
    expect(charts[0]?.series).toEqual([
      { key: 'c-mild', name: 'Mild steel sheet 1.2 mm' },
      { key: 'c-stainless', name: 'Stainless sheet 1.0 mm' },
    ]);
  });

  it('says the trend in words', () => {
    const kg = overview.usage.series.filter((s) => s.unit === 'kg');
    expect(usageSummary(overview.usage.months, kg, 'kg')).toBe(
      'Over the last 3 months, 480.25 kg was used (including scrap and CKD production); the most in Dec 2025 (320.25 kg). Mild steel sheet 1.2 mm used the most (450.25 kg).',
    );
    expect(usageSummary(['2026-01'], [{ name: 'A', quantities: [0] }], 'sheet')).toBe(
      'No steel measured in sheets was used in the last 1 months.',
    );
  });
});
