/** Words and rules of the sales order screens (pure, unit-tested). */
import { dayLabel } from '@common/calendar-days';
import { counted, plural } from '@common/counted';
import type { PersonRef } from '@common/contracts/fields';
import type { Partner } from '@common/contracts/partners';
import { formatMoney } from '@common/contracts/sales';
import {
  SALES_ORDER_CODES_MAX,
  type SalesOrderIdCheck,
  type SalesOrderLine,
  type SalesOrderPrices,
} from '@common/contracts/sales-orders';
import {
  checkedByCode,
  countChecked,
  refusedItems,
  removeRefusedText,
} from '@web/components/code-check/code-check.model';
import { backOf as documentBackOf, type BackLink } from '@web/components/document/document.model';

type CheckItem = SalesOrderIdCheck['items'][number];
export type QuotedPackage = SalesOrderPrices['packages'][number];

/** Where the orders and their pages live. */
export const SALES_ORDER_PATH = '/sales/sales-order';

/** Who uses the sales order screens (given by src/web/app from the signed-in user). */
export interface SalesOrderViewer {
  /** Sees and sells for every factory. */
  isGlobal: boolean;
  /** A factory-scoped user's factory (null: none assigned). */
  factory: { id: string; name: string; code: string } | null;
}

/** "1 stove", "1,000 stoves" */
export function stoves(n: number): string {
  return counted(n, 'stove');
}

/** "1 stove ID", "5 stove IDs" */
export function stoveIds(n: number): string {
  return counted(n, 'stove ID');
}

/** A person's name, or their email when they have none ('—' when they no longer exist). */
export function personName(person: PersonRef): string {
  return person ? (person.name ?? person.email) : '—';
}

/** "KES 4,500.00" */
export function money(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

/** Money in several currencies: "KES 9,000.00", "KES 9,000.00 + USD 20.00", or '—' for none. */
export function moneyList(amounts: readonly { currency: string; amount: number }[]): string {
  return amounts.length === 0 ? '—' : amounts.map((a) => money(a.amount, a.currency)).join(' + ');
}

// ---------------------------------------------------------------------------------------------
// The order form

/** A line as the form holds it: the quantity is NaN while its field is empty. */
export interface DraftLine {
  packageId: string;
  quantity: number;
}

/** A whole number of at least 1 (what the quantity field must hold). */
export function isQuantity(n: number): boolean {
  return Number.isInteger(n) && n >= 1;
}

/** The lines with a package and a whole quantity: what the ID check weighs the models against. */
export function completeLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter((l) => l.packageId !== '' && isQuantity(l.quantity));
}

export interface PricedLine {
  package: QuotedPackage | null;
  /** The package's price in force (null: none, or no package chosen). */
  price: QuotedPackage['price'];
  /** Unit price × quantity (0 until both are known). */
  lineTotal: number;
  /** Quantity × stoves per package (0 until both are known). */
  stoves: number;
}

/** Each line with its package, price in force, total and stoves (display only: the server computes the real ones). */
export function priceLines(lines: readonly DraftLine[], quote: SalesOrderPrices | undefined): PricedLine[] {
  const byId = new Map((quote?.packages ?? []).map((p) => [p.id, p]));
  return lines.map((line) => {
    const pkg = byId.get(line.packageId) ?? null;
    const quantity = isQuantity(line.quantity) ? line.quantity : 0;
    const price = pkg?.price ?? null;
    return {
      package: pkg,
      price,
      lineTotal: price ? Math.round(price.unitPrice * quantity * 100) / 100 : 0,
      stoves: pkg ? pkg.stovesPerPackage * quantity : 0,
    };
  });
}

export interface OrderTotals {
  packages: number;
  /** The stove IDs the order must deliver: the sum of quantity × stoves per package. */
  stoves: number;
  /** Per currency, in the order they first appear. */
  total: { currency: string; amount: number }[];
}

export function orderTotals(lines: readonly DraftLine[], priced: readonly PricedLine[]): OrderTotals {
  let packageCount = 0;
  let stoveCount = 0;
  const byCurrency = new Map<string, number>();
  priced.forEach((line, i) => {
    const quantity = lines[i]?.quantity ?? 0;
    if (line.package && isQuantity(quantity)) packageCount += quantity;
    stoveCount += line.stoves;
    if (line.price) byCurrency.set(line.price.currency, (byCurrency.get(line.price.currency) ?? 0) + line.lineTotal);
  });
  return {
    packages: packageCount,
    stoves: stoveCount,
    total: [...byCurrency].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 })),
  };
}

/** A package as the line's select offers it: "Jiko bundle (JB-2) · 2 stoves · KES 7,250.00". */
export function packageOptionLabel(pkg: QuotedPackage): string {
  const base = `${pkg.name} (${pkg.code}) · ${stoves(pkg.stovesPerPackage)} each`;
  return pkg.price ? `${base} · ${money(pkg.price.unitPrice, pkg.price.currency)}` : `${base} · No price in force`;
}

/** What the stove IDs are checked for, in "cannot be sold". */
export const SALE_ACTION = 'sold';

/** A code can be sold (validated, at the factory). */
export function isSellable(item: CheckItem): boolean {
  return item.verdict === 'ok';
}

/** Each code's verdict by code. */
export function verdictsByCode(check: SalesOrderIdCheck | undefined): ReadonlyMap<string, CheckItem> {
  return checkedByCode(check?.items);
}

/** The codes of the list that cannot be sold, in the list's order. */
export function refusedCodes(codes: readonly string[], byCode: ReadonlyMap<string, CheckItem>): CheckItem[] {
  return refusedItems(codes, byCode, isSellable);
}

/** "12 of 20 stove IDs" (the IDs in the list against the stoves the lines need); "3 stove IDs" before any line. */
export function idProgress(count: number, needed: number): string {
  if (needed === 0) return stoveIds(count);
  return `${count.toLocaleString('en-US')} of ${stoveIds(needed)}`;
}

export interface OrderReadiness {
  /** Codes of the list with a verdict of the current check. */
  checked: number;
  ok: number;
  problems: number;
  /** Why Save is disabled, or null when it may be pressed. */
  blocked: string | null;
}

/**
 * Whether the order can be saved now: factory, customer and category chosen, every line a package
 * with a price in force and a quantity, the prices loaded, and exactly as many stove IDs as the
 * lines' stoves, all checked and sellable. (Buyer details are checked by the form on save.)
 */
export function orderReadiness(input: {
  factoryId: string;
  customerId: string;
  categoryId: string;
  date: string;
  lines: readonly DraftLine[];
  priced: readonly PricedLine[];
  pricesLoading: boolean;
  codes: readonly string[];
  byCode: ReadonlyMap<string, CheckItem>;
  /** A check of the current list is under way (its verdicts may be out of date). */
  checking: boolean;
  checkFailed: boolean;
}): OrderReadiness {
  const { checked, passed: ok, refused: problems } = countChecked(input.codes, input.byCode, isSellable);
  const count = input.codes.length;
  const needed = input.priced.reduce((sum, line) => sum + line.stoves, 0);
  const unpriced = input.priced.find((line) => line.package && !line.price);
  const blocked = (() => {
    if (!input.factoryId) return 'Choose the factory.';
    if (!input.date) return 'Choose the date of the sale.';
    if (!input.customerId) return 'Choose the customer.';
    if (!input.categoryId) return 'Choose the sales category.';
    if (input.lines.length === 0) return 'Add at least one package.';
    if (input.pricesLoading) return 'Loading the prices...';
    if (input.lines.some((line) => !line.packageId)) return 'Choose a package on each line.';
    if (unpriced?.package)
      return `${unpriced.package.name} has no price in force on ${dayLabel(input.date)} for this category: remove it or choose another category.`;
    const currencies = [...new Set(input.priced.flatMap((line) => (line.price ? [line.price.currency] : [])))];
    if (currencies.length > 1)
      return `The packages are priced in different currencies (${currencies.join(', ')}): make one order per currency.`;
    if (input.lines.some((line) => !isQuantity(line.quantity))) return 'Enter a quantity of at least 1 on each line.';
    if (count === 0) return `Scan or paste the ${stoveIds(needed)} delivered.`;
    if (count > SALES_ORDER_CODES_MAX)
      return `An order delivers at most ${stoveIds(SALES_ORDER_CODES_MAX)}: remove ${(count - SALES_ORDER_CODES_MAX).toLocaleString('en-US')}.`;
    if (input.checkFailed) return 'The stove IDs could not be checked.';
    if (problems > 0) return `${removeRefusedText(problems, SALE_ACTION)}.`;
    if (input.checking || checked < count) return 'Checking the stove IDs...';
    if (count < needed) return `Add ${stoveIds(needed - count)}: the packages hold ${stoves(needed)}.`;
    if (count > needed)
      return `Remove ${stoveIds(count - needed)} or add packages: the packages hold ${stoves(needed)}.`;
    return null;
  })();
  return { checked, ok, problems, blocked };
}

// ---------------------------------------------------------------------------------------------
// Buyer details from the customer

export interface BuyerFields {
  buyerName: string;
  buyerPhone: string;
  buyerLocation: string;
}

/** What a customer fills in: its contact person (else its name), phone and region. */
export function buyerOf(customer: Pick<Partner, 'name' | 'contactPerson' | 'phone' | 'region'>): BuyerFields {
  return {
    buyerName: customer.contactPerson ?? customer.name,
    buyerPhone: customer.phone ?? '',
    buyerLocation: customer.region,
  };
}

/**
 * The buyer fields after choosing another customer: each field still empty or still holding what
 * the previous customer filled in takes the new customer's value; what the person typed stays.
 */
export function prefillBuyer(current: BuyerFields, previous: BuyerFields | null, next: BuyerFields): BuyerFields {
  const take = (key: keyof BuyerFields) =>
    current[key].trim() === '' || (previous !== null && current[key] === previous[key]) ? next[key] : current[key];
  return { buyerName: take('buyerName'), buyerPhone: take('buyerPhone'), buyerLocation: take('buyerLocation') };
}

// ---------------------------------------------------------------------------------------------
// The order page

/** The stoves a saved line delivered (its package as sold). */
export function lineStoves(line: Pick<SalesOrderLine, 'quantity' | 'stovesPerPackage'>): number {
  return line.quantity * line.stovesPerPackage;
}

/** The stove IDs canceling the order sends back: those not returned on a return note already. */
export function idsLeft(order: { stoveCount: number; returns: readonly { stoveCount: number }[] }): number {
  return order.stoveCount - order.returns.reduce((n, r) => n + r.stoveCount, 0);
}

/** What canceling does, for the confirmation. */
export function cancelConsequence(order: {
  stoveCount: number;
  returns: readonly { stoveCount: number }[];
  factory: { name: string };
}): string {
  const left = idsLeft(order);
  const returned = order.stoveCount - left;
  const kept =
    returned > 0 ? ` The ${stoveIds(returned)} returned on return notes stay returned, their notes on record.` : '';
  return `The ${stoveIds(left)} ${plural(left, 'goes', 'go')} back to validated at ${order.factory.name} and can be sold again.${kept} The order stays, listed under Canceled Sales. This cannot be undone; say why the sale is canceled.`;
}

/**
 * Where an order page's "Back" goes: the sales screen it was opened from when that screen said so
 * (the list with its filters, Canceled Sales, the sales overview), else `fallback`.
 */
export function backOf(state: unknown, fallback: BackLink): BackLink {
  return documentBackOf(state, fallback, (to) => /^\/sales(?:$|[/?])/.test(to));
}
