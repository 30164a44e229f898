import { describe, expect, it } from 'vitest';
import type { SalesOrderIdCheck, SalesOrderPrices } from '@common/contracts/sales-orders';
import {
  backOf,
  buyerOf,
  cancelConsequence,
  completeLines,
  idProgress,
  lineStoves,
  moneyList,
  orderReadiness,
  orderTotals,
  packageOptionLabel,
  prefillBuyer,
  priceLines,
  refusedCodes,
  verdictsByCode,
  type DraftLine,
} from './sales-order.model';

const ref = (id: string) => ({ id, name: `Name ${id}`, code: id.toUpperCase() });
const quote: SalesOrderPrices = {
  date: '2026-03-05',
  category: ref('ret'),
  packages: [
    {
      ...ref('single'),
      name: 'Single jiko',
      stovesPerPackage: 1,
      ckdCategory: ref('jps'),
      price: { id: 'p1', unitPrice: 3500, currency: 'KES', effectiveFrom: '2026-01-01' },
    },
    {
      ...ref('pair'),
      name: 'Pair of jikos',
      stovesPerPackage: 2,
      ckdCategory: ref('jps'),
      price: { id: 'p2', unitPrice: 6499.99, currency: 'KES', effectiveFrom: '2026-02-01' },
    },
    { ...ref('bulk'), name: 'Bulk', stovesPerPackage: 10, ckdCategory: ref('jps'), price: null },
  ],
};

const check: SalesOrderIdCheck = {
  items: [
    { code: 'A0001', verdict: 'ok', status: 'validated', reason: null },
    { code: 'A0002', verdict: 'sold', status: 'sold', reason: 'Already sold' },
    { code: 'A0003', verdict: 'ok', status: 'validated', reason: null },
  ],
  ok: 2,
  problems: 1,
};

function readiness(overrides: Partial<Parameters<typeof orderReadiness>[0]> & { lines?: DraftLine[] } = {}) {
  const lines = overrides.lines ?? [{ packageId: 'pair', quantity: 1 }];
  return orderReadiness({
    factoryId: 'f',
    customerId: 'c',
    categoryId: 'ret',
    date: '2026-03-05',
    pricesLoading: false,
    codes: ['A0001', 'A0003'],
    byCode: verdictsByCode(check),
    checking: false,
    checkFailed: false,
    ...overrides,
    lines,
    priced: overrides.priced ?? priceLines(lines, quote),
  });
}

describe('lines and totals', () => {
  it('prices each line with the price in force and adds up packages, stoves and money', () => {
    const lines = [
      { packageId: 'single', quantity: 3 },
      { packageId: 'pair', quantity: 2 },
    ];
    const priced = priceLines(lines, quote);
    expect(priced.map((l) => [l.lineTotal, l.stoves])).toEqual([
      [10500, 3],
      [12999.98, 4],
    ]);
    expect(orderTotals(lines, priced)).toEqual({
      packages: 5,
      stoves: 7,
      total: [{ currency: 'KES', amount: 23499.98 }],
    });
  });

  it('counts nothing for a line without package, price or a whole quantity', () => {
    const lines = [
      { packageId: '', quantity: 3 },
      { packageId: 'bulk', quantity: 1 },
      { packageId: 'single', quantity: Number.NaN },
      { packageId: 'single', quantity: 1.5 },
    ];
    const priced = priceLines(lines, quote);
    expect(priced.map((l) => l.lineTotal)).toEqual([0, 0, 0, 0]);
    expect(priced[1]?.stoves).toBe(10);
    expect(orderTotals(lines, priced)).toEqual({ packages: 1, stoves: 10, total: [{ currency: 'KES', amount: 0 }] });
    expect(priceLines(lines, undefined).every((l) => l.package === null)).toBe(true);
  });

  it('writes money per currency and the package choices', () => {
    expect(moneyList([])).toBe('—');
    expect(
      moneyList([
        { currency: 'KES', amount: 9000 },
        { currency: 'USD', amount: 20 },
      ]),
    ).toBe('KES 9,000.00 + USD 20.00');
    expect(packageOptionLabel(quote.packages[1]!)).toBe('Pair of jikos (PAIR) · 2 stoves each · KES 6,499.99');
    expect(packageOptionLabel(quote.packages[2]!)).toBe('Bulk (BULK) · 10 stoves each · No price in force');
  });
});

describe('stove IDs', () => {
  it('lists the refused codes in the list’s order and counts against the stoves needed', () => {
    const byCode = verdictsByCode(check);
    expect(refusedCodes(['A0003', 'A0002', 'A0009'], byCode).map((i) => i.code)).toEqual(['A0002']);
    expect(idProgress(12, 20)).toBe('12 of 20 stove IDs');
    expect(idProgress(1, 1)).toBe('1 of 1 stove ID');
    // Before any line needs stoves: not "1 of 0 stove IDs".
    expect(idProgress(1, 0)).toBe('1 stove ID');
  });
});

describe('when the order can be saved', () => {
  it('is ready with exactly the stoves the lines need, all sellable', () => {
    expect(readiness()).toEqual({ checked: 2, ok: 2, problems: 0, blocked: null });
  });

  it('says what to do first, in the order of the form', () => {
    expect(readiness({ factoryId: '' }).blocked).toBe('Choose the factory.');
    expect(readiness({ customerId: '' }).blocked).toBe('Choose the customer.');
    expect(readiness({ categoryId: '' }).blocked).toBe('Choose the sales category.');
    expect(readiness({ lines: [] }).blocked).toBe('Add at least one package.');
    expect(readiness({ pricesLoading: true }).blocked).toBe('Loading the prices...');
    expect(readiness({ lines: [{ packageId: '', quantity: 1 }] }).blocked).toBe('Choose a package on each line.');
    expect(readiness({ lines: [{ packageId: 'bulk', quantity: 1 }] }).blocked).toBe(
      'Bulk has no price in force on 5 Mar 2026 for this category: remove it or choose another category.',
    );
    expect(readiness({ lines: [{ packageId: 'pair', quantity: Number.NaN }] }).blocked).toBe(
      'Enter a quantity of at least 1 on each line.',
    );
    expect(readiness({ codes: [] }).blocked).toBe('Scan or paste the 2 stove IDs delivered.');
  });

  it('refuses mixed currencies', () => {
    const usd: SalesOrderPrices = {
      ...quote,
      packages: quote.packages.map((p) =>
        p.id === 'single' && p.price ? { ...p, price: { ...p.price, currency: 'USD' } } : p,
      ),
    };
    const lines = [
      { packageId: 'single', quantity: 1 },
      { packageId: 'pair', quantity: 1 },
    ];
    expect(readiness({ lines, priced: priceLines(lines, usd) }).blocked).toBe(
      'The packages are priced in different currencies (USD, KES): make one order per currency.',
    );
  });

  it('waits for the check, and blocks on refused IDs or a failed check', () => {
    expect(readiness({ codes: ['A0001', 'A0002'] }).blocked).toBe('Remove the 1 stove ID that cannot be sold.');
    expect(readiness({ codes: ['A0001', 'A0004'] }).blocked).toBe('Checking the stove IDs...');
    expect(readiness({ checking: true }).blocked).toBe('Checking the stove IDs...');
    expect(readiness({ checkFailed: true }).blocked).toBe('The stove IDs could not be checked.');
  });

  it('wants as many IDs as the lines’ stoves', () => {
    expect(readiness({ codes: ['A0001'] }).blocked).toBe('Add 1 stove ID: the packages hold 2 stoves.');
    expect(readiness({ lines: [{ packageId: 'single', quantity: 1 }] }).blocked).toBe(
      'Remove 1 stove ID or add packages: the packages hold 1 stove.',
    );
  });

  it('stops past an order’s most IDs', () => {
    const codes = Array.from({ length: 2001 }, (_, i) => `C${i}`);
    expect(readiness({ codes }).blocked).toBe('An order delivers at most 2,000 stove IDs: remove 1.');
  });
});

describe('buyer details from the customer', () => {
  const wanjiru = { name: 'Wanjiru Stores', contactPerson: 'Jane Wanjiru', phone: '0712 345 678', region: 'Nakuru' };
  const otieno = { name: 'Otieno Otieno', contactPerson: null, phone: null, region: 'Kisumu' };

  it('takes the contact person (else the name), phone and region', () => {
    expect(buyerOf(wanjiru)).toEqual({
      buyerName: 'Jane Wanjiru',
      buyerPhone: '0712 345 678',
      buyerLocation: 'Nakuru',
    });
    expect(buyerOf(otieno)).toEqual({ buyerName: 'Otieno Otieno', buyerPhone: '', buyerLocation: 'Kisumu' });
  });

  it('replaces what the previous customer filled in or what is empty, and keeps what was typed', () => {
    const empty = { buyerName: '', buyerPhone: '', buyerLocation: '' };
    const first = prefillBuyer(empty, null, buyerOf(wanjiru));
    expect(first).toEqual(buyerOf(wanjiru));
    const typed = { ...first, buyerPhone: '0700 000 000' };
    expect(prefillBuyer(typed, buyerOf(wanjiru), buyerOf(otieno))).toEqual({
      buyerName: 'Otieno Otieno',
      buyerPhone: '0700 000 000',
      buyerLocation: 'Kisumu',
    });
  });
});

describe('the order page', () => {
  it('counts a saved line’s stoves with its package as sold', () => {
    expect(lineStoves({ quantity: 3, stovesPerPackage: 2 })).toBe(6);
  });

  it('says what canceling does', () => {
    const factory = { name: 'Mombasa Assembly' };
    expect(cancelConsequence({ stoveCount: 1, returns: [], factory })).toMatch(
      /^The 1 stove ID goes back to validated at Mombasa Assembly and can be sold again\. The order stays/,
    );
    expect(cancelConsequence({ stoveCount: 20, returns: [], factory })).toMatch(
      /^The 20 stove IDs go back to validated/,
    );
    // After returns, only the IDs left go back; the returned ones stay returned.
    expect(cancelConsequence({ stoveCount: 20, returns: [{ stoveCount: 2 }, { stoveCount: 1 }], factory })).toMatch(
      /^The 17 stove IDs go back to validated at Mombasa Assembly and can be sold again\. The 3 stove IDs returned on return notes stay returned, their notes on record\./,
    );
  });

  it('goes back to the sales screen it came from, else to the fallback', () => {
    const fallback = { to: '/sales/sales-order', title: 'Sales Order' };
    const canceled = { to: '/sales/canceled-sales?q=x', title: 'Canceled Sales' };
    expect(backOf({ back: canceled }, fallback)).toEqual(canceled);
    expect(backOf({ back: { to: 'https://evil.example', title: 'x' } }, fallback)).toEqual(fallback);
    // The sales overview (/sales) is a sales screen too; /salesforce is not.
    expect(backOf({ back: { to: '/sales', title: 'Sales Management' } }, fallback)).toEqual({
      to: '/sales',
      title: 'Sales Management',
    });
    expect(backOf({ back: { to: '/salesforce', title: 'x' } }, fallback)).toEqual(fallback);
    expect(backOf(null, fallback)).toEqual(fallback);
  });
});

describe('completeLines', () => {
  it('keeps the lines with a package and a whole quantity, for the ID check', () => {
    expect(
      completeLines([
        { packageId: 'single', quantity: 2 },
        { packageId: '', quantity: 1 },
        { packageId: 'pair', quantity: Number.NaN },
        { packageId: 'pair', quantity: 1.5 },
        { packageId: 'pair', quantity: 1 },
      ]),
    ).toEqual([
      { packageId: 'single', quantity: 2 },
      { packageId: 'pair', quantity: 1 },
    ]);
  });
});
