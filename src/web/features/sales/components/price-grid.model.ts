/**
 * The price grid and its "New prices" editor: the cells of GET /api/sales/prices/grid by package
 * and category, what a person typed in each cell, which cells changed, and the one price list
 * (POST /api/sales/prices) they become, checked by the endpoint's contract with every problem
 * shown at its cell, whether the browser or the server found it.
 */
import { dayLabel } from '@common/calendar-days';
import {
  createSalesPricesSchema,
  formatMoney,
  type CreateSalesPrices,
  type SalesPriceGrid,
} from '@common/contracts/sales';
import { fieldErrorsOf } from '@web/components/form/server-errors.model';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';

export type GridCell = SalesPriceGrid['cells'][number];
export type GridPrice = NonNullable<GridCell['inForce']>;
export type GridPackage = SalesPriceGrid['packages'][number];
export type GridCategory = SalesPriceGrid['categories'][number];

export function cellKey(packageId: string, categoryId: string): string {
  return `${packageId}|${categoryId}`;
}

/** The grid's cells by cellKey. */
export function indexCells(grid: SalesPriceGrid): Map<string, GridCell> {
  return new Map(grid.cells.map((cell) => [cellKey(cell.packageId, cell.categoryId), cell]));
}

/** "KES 4,500.00" */
export function priceLabel(price: Pick<GridPrice, 'unitPrice' | 'currency'>): string {
  return formatMoney(price.unitPrice, price.currency);
}

/** "from 1 Jun 2026: KES 4,800.00" */
export function nextLabel(next: GridPrice): string {
  return `from ${dayLabel(next.effectiveFrom)}: ${priceLabel(next)}`;
}

/** What a cell of the editor holds before anything is typed: the price shown in the grid, or nothing. */
export function initialText(cell: GridCell | undefined): string {
  return cell?.inForce ? String(cell.inForce.unitPrice) : '';
}

/**
 * A price typed in a cell: "4500", "4500.50", "4,500.50" (thousands separated by commas) or
 * "4 500"; NaN when it is not a number.
 */
export function parsePrice(text: string): number {
  const compact = text.trim().replace(/[\s\u00a0_]/g, '');
  if (compact === '') return Number.NaN;
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact) ? compact.replace(/,/g, '') : compact;
  return /^-?(\d*\.?\d+|\d+\.)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** Typed text by cellKey; a cell not in it has not been touched. */
export type PriceEdits = Readonly<Record<string, string>>;

/** A cell the person changed: a new price to set. */
export interface PriceChange {
  key: string;
  package: GridPackage;
  category: GridCategory;
  /** The price shown in the grid for the cell (null when it has none). */
  current: GridPrice | null;
  text: string;
}

/**
 * The cells whose typed text differs from what they started with, in grid order (packages, then
 * categories). An emptied cell is not a change: a price is never removed, only replaced.
 */
export function changedCells(grid: SalesPriceGrid, edits: PriceEdits): PriceChange[] {
  const cells = indexCells(grid);
  const changes: PriceChange[] = [];
  for (const pkg of grid.packages) {
    for (const category of grid.categories) {
      const key = cellKey(pkg.id, category.id);
      const text = edits[key];
      if (text === undefined) continue;
      const cell = cells.get(key);
      if (text.trim() === '' || text.trim() === initialText(cell)) continue;
      changes.push({ key, package: pkg, category, current: cell?.inForce ?? null, text: text.trim() });
    }
  }
  return changes;
}

/** The price list's own fields (the cells come from the changes). */
export interface PriceListFields {
  effectiveFrom: string;
  currency: string;
  note: string;
}

export function priceListRequest(fields: PriceListFields, changes: readonly PriceChange[]): CreateSalesPrices {
  return {
    effectiveFrom: fields.effectiveFrom,
    currency: fields.currency,
    note: fields.note,
    prices: changes.map((c) => ({ packageId: c.package.id, categoryId: c.category.id, unitPrice: parsePrice(c.text) })),
  };
}

/** Problems of a price list: by cellKey, by list field, and what belongs to neither. */
export interface PriceListProblems {
  cells: Record<string, string>;
  fields: Partial<Record<keyof PriceListFields, string>>;
  other: string[];
}

const LIST_FIELDS: readonly (keyof PriceListFields)[] = ['effectiveFrom', 'currency', 'note'];

/** Sorts messages keyed by contract path ("prices.2.unitPrice", "currency") to the cells and fields. */
function problemsAt(paths: [string, string][], changes: readonly PriceChange[]): PriceListProblems {
  const problems: PriceListProblems = { cells: {}, fields: {}, other: [] };
  for (const [path, message] of paths) {
    const [head, index] = path.split('.');
    const field = LIST_FIELDS.find((f) => f === head);
    const change = head === 'prices' && index !== undefined ? changes[Number(index)] : undefined;
    if (field) problems.fields[field] ??= message;
    else if (change) problems.cells[change.key] ??= message;
    else problems.other.push(message);
  }
  return problems;
}

export function hasProblems(problems: PriceListProblems): boolean {
  return Object.keys(problems.cells).length > 0 || Object.keys(problems.fields).length > 0 || problems.other.length > 0;
}

/** The contract's verdict on the request, before it is sent. */
export function checkPriceList(request: CreateSalesPrices, changes: readonly PriceChange[]): PriceListProblems {
  const result = createSalesPricesSchema.safeParse(request);
  if (result.success) return { cells: {}, fields: {}, other: [] };
  return problemsAt(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    changes,
  );
}

/** The server's refusal (400 with fieldErrors such as `prices.1.packageId`), at the cells and fields. */
export function serverPriceListProblems(error: unknown, changes: readonly PriceChange[]): PriceListProblems {
  const fieldErrors = isApiRequestError(error) ? fieldErrorsOf(error.details) : {};
  const paths = Object.entries(fieldErrors).map(([path, messages]): [string, string] => [path, messages.join(' ')]);
  const problems = problemsAt(paths, changes);
  if (paths.length === 0) problems.other.push(errorMessage(error));
  return problems;
}
