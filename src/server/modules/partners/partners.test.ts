/**
 * Partners/customers API (DOMAIN.md §4): list (search, filters, sorts, keyset paging), CSV export,
 * CSV import (dry run with row errors, then every valid row in one transaction), create, change,
 * deactivate/reactivate. Only customer-management may use it; name + region is unique.
 */
import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvImportResult, ListResponse } from '../../../common/contracts/list';
import type { Partner, PARTNER_TYPES } from '../../../common/contracts/partners';
import { GROUPS, type Group } from '../../../common/permissions';
import { partners } from '../../db/schema/partners';
import { parseCsv } from '../../../common/csv';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeSalesCategory } from '../../test/sales';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}

const CUSTOMER_MANAGERS: Group[] = groupsWith('customer-management');
const NOT_CUSTOMER_MANAGERS: Group[] = groupsWithout('customer-management');

/** Upper-case letters only, so text order is the same under every collation. */
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

const post = (url: string, payload: unknown, cookie: string | null = adminCookie) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, ...(cookie ? { cookie } : {}) });
const get = (url: string, cookie: string | null = adminCookie) =>
  ctx.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const patch = (id: string, payload: unknown, cookie: string = adminCookie) =>
  ctx.request({ method: 'PATCH', url: `/api/partners/${id}`, payload: payload as Record<string, unknown>, cookie });
const createPartner = async (payload: Record<string, unknown>, cookie: string = adminCookie) => {
  const res = await post('/api/partners', { type: 'retailer', ...payload }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Partner>();
};
const listPartners = async (query: Record<string, string>) => {
  const res = await get(`/api/partners?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<Partner>>();
};
const importCsv = async (csv: string, dryRun: boolean, cookie: string = adminCookie) => {
  const res = await post('/api/partners/import', { csv, dryRun }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CsvImportResult>();
};
const countNamed = (prefix: string) => countRows(ctx.handle.db, partners, like(partners.name, `${prefix}%`));
const rowOf = async (id: string) => {
  const [row] = await ctx.handle.db.select().from(partners).where(eq(partners.id, id));
  return row;
};

it('the groups with customer-management are those of DOMAIN.md §3', () => {
  expect(CUSTOMER_MANAGERS).toEqual([
    'Admin',
    'Factory Manager',
    'Senior Sales Manager',
    'Sales Manager',
    'Sales Officer',
  ]);
  expect([...CUSTOMER_MANAGERS, ...NOT_CUSTOMER_MANAGERS].sort()).toEqual([...GROUPS].sort());
});

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

describe('POST /api/partners', () => {
  it.each(CUSTOMER_MANAGERS.map((g) => [g]))(
    '%s creates a partner: 201, trimmed and normalised, audited',
    async (group) => {
      const { cookie, id: actorId } = await ctx.signedInAs([group]);
      const name = `NEW${letters(8)}`;
      const res = await post(
        '/api/partners',
        {
          name: ` ${name} `,
          type: 'distributor',
          contactPerson: ' Jane Wanjiru ',
          phone: '+254 700 000-001',
          email: ' Jane@Example.COM ',
          region: ' Nairobi ',
          address: '',
          notes: 'Pays on delivery',
        },
        cookie,
      );
      expect(res.statusCode).toBe(201);
      const partner = res.json<Partner>();
      expect(partner).toEqual({
        id: expect.any(String) as string,
        name,
        type: 'distributor',
        contactPerson: 'Jane Wanjiru',
        phone: '+254 700 000-001',
        email: 'jane@example.com',
        region: 'Nairobi',
        address: null,
        notes: 'Pays on delivery',
        defaultSalesCategory: null,
        active: true,
        createdAt: expect.any(String) as string,
        updatedAt: expect.any(String) as string,
      });
      expect(await rowOf(partner.id)).toMatchObject({ createdBy: actorId, updatedBy: actorId });
      const audit = await auditRows(ctx.handle.db, 'create', partner.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId, recordType: 'partner', after: partner });
    },
  );

  it('only name and type are required; region defaults to empty', async () => {
    const name = `MIN${letters(8)}`;
    const partner = await createPartner({ name, type: 'individual' });
    expect(partner).toMatchObject({
      name,
      type: 'individual',
      region: '',
      contactPerson: null,
      phone: null,
      email: null,
    });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['no name', { name: undefined }, 'name'],
    ['a 201-character name', { name: 'N'.repeat(201) }, 'name'],
    ['an unknown type', { type: 'shop' }, 'type'],
    ['no type', { type: undefined }, 'type'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an email without a domain', { email: 'jane@' }, 'email'],
    ['a phone with letters', { phone: '0700 CALL ME' }, 'phone'],
    ['a 41-character phone', { phone: '1'.repeat(41) }, 'phone'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s with fieldErrors.%s, and nothing is created',
    async (_l, overrides, field) => {
      const name = `BAD${letters(8)}`;
      const before = await countRows(ctx.handle.db, partners);
      const res = await post('/api/partners', { name, type: 'retailer', region: 'Coast', ...overrides });
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect(await countRows(ctx.handle.db, partners)).toBe(before);
    },
  );

  it('409 for a name already used in the same region (any case); the same name elsewhere is fine', async () => {
    const name = `DUP${letters(8)}`;
    await createPartner({ name, region: 'Kisumu' });
    const res = await post('/api/partners', { name: name.toLowerCase(), type: 'ngo', region: 'Kisumu' });
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('CONFLICT');
    expect(error.details?.fieldErrors?.name?.[0]).toContain('already exists');
    expect(await countNamed(name)).toBe(1);

    await createPartner({ name, region: 'Nakuru' });
    expect(await countNamed(name)).toBe(2);
  });

  it('401 when signed out', async () => {
    expect((await post('/api/partners', { name: 'X', type: 'ngo' }, null)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------
// List and export
// ---------------------------------------------------------------------------

type SortKey = 'name' | 'type' | 'region' | 'createdAt';
function expectedOrder(rows: Partner[], sort: SortKey, dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      if (a[sort] !== b[sort]) return (a[sort] < b[sort] ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
    })
    .map((r) => r.id);
}

describe('GET /api/partners', () => {
  const token = letters(8);
  const regionA = `RA${token}`;
  const regionB = `RB${token}`;
  let made: Partner[] = [];
  beforeAll(async () => {
    const specs: [string, (typeof PARTNER_TYPES)[number], string][] = [
      ['D', 'retailer', regionA],
      ['B', 'distributor', regionB],
      ['E', 'retailer', regionB],
      ['A', 'ngo', regionA],
      ['C', 'institution', regionA],
      ['F', 'individual', regionB],
    ];
    made = [];
    for (const [suffix, type, region] of specs) {
      made.push(
        await createPartner({
          name: `LIST${token}${suffix}`,
          type,
          region,
          email: `${suffix.toLowerCase()}@${token.toLowerCase()}.example`,
        }),
      );
    }
    const c = made[4];
    if (!c) throw new Error('no partner');
    const res = await post(`/api/partners/${c.id}/deactivate`, {});
    expect(res.statusCode).toBe(200);
    made[4] = res.json<Partner>();
  });

  it('searches name, email, contact, phone and region (case-insensitive) and totals the matches', async () => {
    const page = await listPartners({ q: token.toLowerCase() });
    expect(page.items.map((p) => p.name)).toEqual(['A', 'B', 'C', 'D', 'E', 'F'].map((s) => `LIST${token}${s}`));
    expect(page).toMatchObject({ total: 6, totalCapped: false, nextCursor: null });

    expect((await listPartners({ q: `e@${token}` })).items.map((p) => p.name)).toEqual([`LIST${token}E`]);
    expect((await listPartners({ q: `ZZ${token}` })).total).toBe(0);
    expect((await listPartners({ q: `${token}%` })).total).toBe(0);
  });

  it('filters by type, active and region, alone and together', async () => {
    const names = async (query: Record<string, string>) =>
      (await listPartners({ q: token, ...query })).items.map((p) => p.name.slice(-1));
    expect(await names({ type: 'retailer' })).toEqual(['D', 'E']);
    expect(await names({ active: 'false' })).toEqual(['C']);
    expect(await names({ active: 'true', region: regionA })).toEqual(['A', 'D']);
    expect(await names({ region: regionB, type: 'retailer' })).toEqual(['E']);
    expect(await names({ region: regionA.toLowerCase() })).toEqual([]); // the region filter is exact
    expect((await listPartners({ q: token, type: 'retailer', region: regionB })).total).toBe(1);
  });

  it.each(
    (['name', 'type', 'region', 'createdAt'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map((dir) => [sort, dir] as const),
    ),
  )('sort=%s dir=%s: keyset pages of 2 walk every row once, in order', async (sort, dir) => {
    const walk = await walkList<Partner>(ctx, '/api/partners', { q: token, sort, dir }, adminCookie, 2);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual([6, 6, 6]);
    expect(walk.items.map((p) => p.id)).toEqual(expectedOrder(made, sort, dir));
  });

  it.each([
    ['limit=201', { limit: '201' }, 'limit'],
    ['limit=0', { limit: '0' }, 'limit'],
    ['an unknown sort', { sort: 'email' }, 'sort'],
    ['an unknown type', { type: 'shop' }, 'type'],
    ['active=1', { active: '1' }, 'active'],
    ['a search of 201 characters', { q: 'x'.repeat(201) }, 'q'],
  ] as [string, Record<string, string>, string][])('400 for %s (fieldErrors.%s)', async (_l, query, field) => {
    const res = await get(`/api/partners?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
  });

  it.each([
    ['garbage', 'garbage!'],
    ['an id that is not a uuid', Buffer.from('["A","1"]').toString('base64url')],
    ['three values', Buffer.from('["A","00000000-0000-4000-8000-000000000000",1]').toString('base64url')],
  ])('400 for a bad cursor (%s)', async (_l, cursor) => {
    const res = await get(`/api/partners?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.cursor?.[0]).toMatch(/\S/);
  });
});

describe('GET /api/partners/export.csv', () => {
  const token = letters(8);
  beforeAll(async () => {
    await createPartner({ name: `EXP${token}B`, type: 'ngo', region: 'Coast', notes: 'Line one\nLine "two", end' });
    await createPartner({
      name: `EXP${token}A`,
      type: 'retailer',
      region: 'Coast',
      phone: '+254 711 000 000',
      notes: '=HYPERLINK("x")',
    });
    const c = await createPartner({ name: `EXP${token}C`, type: 'retailer', region: 'Rift' });
    expect((await post(`/api/partners/${c.id}/deactivate`, {})).statusCode).toBe(200);
  });

  it('streams the filtered, sorted list as CSV in the import format plus Active, with download headers', async () => {
    const res = await get(`/api/partners/export.csv?q=${token}&sort=name&dir=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="partners.csv"');
    expect(
      res.body.startsWith(
        '\uFEFFName,Type,Contact person,Phone,Email,Region,Address,Notes,Default sales category,Active\r\n',
      ),
    ).toBe(true);
    expect(parseCsv(res.body).map((r) => r.fields)).toEqual([
      [
        'Name',
        'Type',
        'Contact person',
        'Phone',
        'Email',
        'Region',
        'Address',
        'Notes',
        'Default sales category',
        'Active',
      ],
      [`EXP${token}C`, 'retailer', '', '', '', 'Rift', '', '', '', 'no'],
      [`EXP${token}B`, 'ngo', '', '', '', 'Coast', '', 'Line one\nLine "two", end', '', 'yes'],
      [`EXP${token}A`, 'retailer', '', "'+254 711 000 000", '', 'Coast', '', `'=HYPERLINK("x")`, '', 'yes'],
    ]);
  });

  it('applies the filters (type, region, active)', async () => {
    const names = async (query: string) =>
      parseCsv((await get(`/api/partners/export.csv?q=${token}&${query}`)).body)
        .slice(1)
        .map((r) => r.fields[0]);
    expect(await names('type=retailer')).toEqual([`EXP${token}A`, `EXP${token}C`]);
    expect(await names('region=Coast&type=ngo')).toEqual([`EXP${token}B`]);
    expect(await names('active=false')).toEqual([`EXP${token}C`]);
  });

  it('exports more rows than one page of the export (2,000) in order', async () => {
    const prefix = `BULK${letters(6)}`;
    await ctx.handle.db.execute(
      sql`insert into partners (name, type, region) select ${prefix} || lpad(g::text, 5, '0'), 'retailer', 'Bulk' from generate_series(1, 4500) g`,
    );
    const res = await get(`/api/partners/export.csv?q=${prefix}`);
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(4500);
    expect(rows[0]?.fields[0]).toBe(`${prefix}00001`);
    expect(rows[4499]?.fields[0]).toBe(`${prefix}04500`);
    expect(new Set(rows.map((r) => r.fields[0])).size).toBe(4500);
  });
});

// ---------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------

describe('POST /api/partners/import', () => {
  const t = letters(8);
  const header = 'Name,Type,Contact person,Phone,Email,Region,Address,Notes';
  let existingName: string;
  let csv: string;
  beforeAll(async () => {
    existingName = `IMP${t}OLD`;
    await createPartner({ name: existingName, region: 'Coast' });
    csv = [
      header, // line 1
      `IMP${t}A,retailer,Ann,+254 700 000 001,ann@example.com,Coast,,`, // 2
      `"IMP${t}B, Ltd",ngo,"Bob ""BB"" Otieno",,,Coast,"Box 1, Mombasa","Line one`, // 3
      `line two"`, // 4 (the quoted field goes on)
      `IMP${t}BADTYPE,shop,,,,Coast,,`, // 5
      `IMP${t}BADMAIL,retailer,,,not-an-email,Coast,,`, // 6
      `imp${t}a,distributor,,,,Coast,,`, // 7: same name and region as line 2
      `${existingName.toLowerCase()},retailer,,,,Coast,,`, // 8: exists already
      `IMP${t}MANY,retailer,,,,Coast,,,extra`, // 9: too many values
      ``, // 10: blank, skipped
      `IMP${t}C,individual,,,,Rift`, // 11: fewer values: the rest are empty
    ].join('\r\n');
  });

  it('a dry run changes nothing and lists each bad row with its line, field and message', async () => {
    const before = await countRows(ctx.handle.db, partners);
    const result = await importCsv(csv, true);
    expect(result).toMatchObject({ dryRun: true, totalRows: 8, validRows: 3, imported: 0 });
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [5, 'type'],
      [6, 'email'],
      [7, 'name'],
      [8, 'name'],
      [9, null],
    ]);
    expect(result.errors[0]?.message).toContain('Type must be one of');
    expect(result.errors[1]?.message).toBe('Enter a valid email address');
    expect(result.errors[2]?.message).toBe('Same name and region as line 2.');
    expect(result.errors[3]?.message).toContain('already exists');
    expect(result.errors[4]?.message).toBe('This row has 9 values; the header has 8.');
    // The preview's columns carry the labels the partner form uses, not the code names.
    expect(result.columns).toEqual([
      { field: 'name', header: 'Name' },
      { field: 'type', header: 'Type' },
      { field: 'contactPerson', header: 'Contact person' },
      { field: 'phone', header: 'Phone' },
      { field: 'email', header: 'Email' },
      { field: 'region', header: 'Region' },
      { field: 'address', header: 'Address' },
      { field: 'notes', header: 'Notes' },
      { field: 'defaultSalesCategory', header: 'Default sales category' },
      { field: 'active', header: 'Active' },
    ]);
    const fields = result.columns.map((c) => c.field);
    for (const row of result.preview) expect(Object.keys(row)).toEqual(fields);
    for (const { field } of result.errors) if (field !== null) expect(fields).toContain(field);
    expect(result.preview).toEqual([
      {
        name: `IMP${t}A`,
        type: 'retailer',
        contactPerson: 'Ann',
        phone: '+254 700 000 001',
        email: 'ann@example.com',
        region: 'Coast',
        address: null,
        notes: null,
        defaultSalesCategory: null,
        active: 'yes',
      },
      {
        name: `IMP${t}B, Ltd`,
        type: 'ngo',
        contactPerson: 'Bob "BB" Otieno',
        phone: null,
        email: null,
        region: 'Coast',
        address: 'Box 1, Mombasa',
        notes: 'Line one\r\nline two',
        defaultSalesCategory: null,
        active: 'yes',
      },
      {
        name: `IMP${t}C`,
        type: 'individual',
        contactPerson: null,
        phone: null,
        email: null,
        region: 'Rift',
        address: null,
        notes: null,
        defaultSalesCategory: null,
        active: 'yes',
      },
    ]);
    expect(await countRows(ctx.handle.db, partners)).toBe(before);
  });

  it('the import writes exactly the valid rows, audits each, and reports the same errors', async () => {
    const { cookie, id: actorId } = await ctx.signedInAs(['Sales Manager']);
    const before = await countRows(ctx.handle.db, partners);
    const result = await importCsv(csv, false, cookie);
    expect(result).toMatchObject({ dryRun: false, totalRows: 8, validRows: 3, imported: 3 });
    expect(result.errors.map((e) => e.line)).toEqual([5, 6, 7, 8, 9]);
    expect(await countRows(ctx.handle.db, partners)).toBe(before + 3);

    const rows = await ctx.handle.db
      .select()
      .from(partners)
      .where(like(partners.name, `IMP${t}%`));
    expect(rows.map((r) => r.name).sort()).toEqual([existingName, `IMP${t}A`, `IMP${t}B, Ltd`, `IMP${t}C`].sort());
    const imported = rows.filter((r) => r.name !== existingName);
    for (const row of imported) {
      expect(row).toMatchObject({ createdBy: actorId, updatedBy: actorId, active: true });
      const audit = await auditRows(ctx.handle.db, 'import', row.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId, recordType: 'partner', after: { id: row.id, name: row.name } });
    }
    // The import ran in one transaction: every row has the same creation time.
    expect(new Set(imported.map((r) => r.createdAt.toISOString())).size).toBe(1);
  });

  it('importing the same file again imports nothing: every row is now a duplicate', async () => {
    const result = await importCsv(csv, false);
    expect(result.imported).toBe(0);
    expect(result.validRows).toBe(0);
    expect(result.errors.filter((e) => e.message.includes('already exists')).map((e) => e.line)).toEqual([
      2, 3, 7, 8, 11,
    ]);
  });

  it('matches headers by label or field name, ignoring case, spaces and column order; reads Active', async () => {
    const u = letters(8);
    const result = await importCsv(
      `notes,REGION,name,contact_person,type,active\nN1,Coast,IMP${u}X,Zed,retailer,no\n,Coast,IMP${u}Y,,ngo,\n,Coast,IMP${u}Z,,ngo,maybe\n`,
      false,
    );
    expect(result).toMatchObject({
      imported: 2,
      errors: [{ line: 4, field: 'active', message: "Active must be 'yes' or 'no'" }],
    });
    const rows = await ctx.handle.db
      .select()
      .from(partners)
      .where(like(partners.name, `IMP${u}%`));
    expect(rows.map((r) => [r.name, r.contactPerson, r.notes, r.active]).sort()).toEqual([
      [`IMP${u}X`, 'Zed', 'N1', false],
      [`IMP${u}Y`, null, null, true],
    ]);
  });

  it('reads a BOM, LF line ends and a trailing blank line', async () => {
    const u = letters(8);
    const result = await importCsv(`\uFEFFName,Type\nIMP${u}BOM,retailer\n\n`, true);
    expect(result).toMatchObject({ totalRows: 1, validRows: 1, errors: [] });
  });

  it.each([
    ['an unknown header', 'Name,Type,Colour\nX,retailer,red', 'Unknown column: Colour'],
    ['an empty CSV', '', 'The CSV is empty'],
    ['only blank lines', '\r\n\r\n', 'The CSV has no header line.'],
  ])('400 for %s, and nothing is written', async (_l, text, message) => {
    const before = await countRows(ctx.handle.db, partners);
    const res = await post('/api/partners/import', { csv: text, dryRun: false });
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(message);
    expect(await countRows(ctx.handle.db, partners)).toBe(before);
  });

  it('dryRun defaults to true', async () => {
    const u = letters(8);
    const res = await post('/api/partners/import', { csv: `Name,Type\nIMP${u}D,retailer` });
    expect(res.json<CsvImportResult>()).toMatchObject({ dryRun: true, imported: 0, validRows: 1 });
    expect(await countNamed(`IMP${u}`)).toBe(0);
  });

  it('an export imports back unchanged into an empty database (quotes, commas, newlines, formulas, inactive)', async () => {
    const u = letters(8);
    await createPartner({
      name: `RT${u}A, "Quoted"`,
      type: 'institution',
      contactPerson: '@handle',
      phone: '+254 722 000 000',
      email: 'a@example.com',
      region: 'Western',
      address: 'Line 1\nLine 2',
      notes: '-5 kg, =SUM(A1)',
    });
    const b = await createPartner({ name: `RT${u}B`, type: 'ngo' });
    expect((await post(`/api/partners/${b.id}/deactivate`, {})).statusCode).toBe(200);
    const exported = (await get(`/api/partners/export.csv?q=${u}`)).body;
    expect(parseCsv(exported)).toHaveLength(3);

    const other = await createTestContext();
    try {
      const { cookie } = await other.signedInAs(['Sales Officer']);
      const res = await other.request({
        method: 'POST',
        url: '/api/partners/import',
        payload: { csv: exported, dryRun: false },
        cookie,
      });
      expect(res.json<CsvImportResult>()).toMatchObject({ imported: 2, errors: [] });
      const again = await other.request({ method: 'GET', url: `/api/partners/export.csv?q=${u}`, cookie });
      expect(again.body).toBe(exported);
      const [row] = await other.handle.db
        .select()
        .from(partners)
        .where(like(partners.name, `RT${u}A%`));
      expect(row).toMatchObject({
        phone: '+254 722 000 000',
        notes: '-5 kg, =SUM(A1)',
        contactPerson: '@handle',
        address: 'Line 1\nLine 2',
      });
    } finally {
      await other.close();
    }
  });
});

// ---------------------------------------------------------------------------
// Change, deactivate, reactivate
// ---------------------------------------------------------------------------

describe('PATCH /api/partners/:id', () => {
  it('changes the given fields only (leaving out the region keeps it) and audits before and after', async () => {
    const { cookie, id: actorId } = await ctx.signedInAs(['Sales Officer']);
    const before = await createPartner({ name: `PAT${letters(8)}`, region: 'Coast', phone: '0700' });
    const res = await patch(before.id, { type: 'ngo', email: 'NEW@example.com', phone: '' }, cookie);
    expect(res.statusCode).toBe(200);
    const after = res.json<Partner>();
    expect(after).toEqual({
      ...before,
      type: 'ngo',
      email: 'new@example.com',
      phone: null,
      updatedAt: expect.any(String) as string,
    });
    expect(await rowOf(before.id)).toMatchObject({ type: 'ngo', updatedBy: actorId, region: 'Coast' });
    const audit = await auditRows(ctx.handle.db, 'update', before.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId, recordType: 'partner', before, after });
  });

  it('409 when the new name + region is taken (also by moving region); its own name is fine', async () => {
    const name = `PDUP${letters(8)}`;
    await createPartner({ name, region: 'Coast' });
    const other = await createPartner({ name, region: 'Rift' });
    const moved = await patch(other.id, { region: 'Coast' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<ErrorBody>().error.details?.fieldErrors?.name?.[0]).toContain('already exists');
    const renamed = await createPartner({ name: `${name}X`, region: 'Coast' });
    expect((await patch(renamed.id, { name: name.toLowerCase() })).statusCode).toBe(409);
    expect(await rowOf(other.id)).toMatchObject({ region: 'Rift' });
    expect(await auditRows(ctx.handle.db, 'update', other.id)).toHaveLength(0);

    expect((await patch(other.id, { name, notes: 'same name, same region' })).statusCode).toBe(200);
  });

  it('404 for an unknown id; 400 for an id that is not a uuid', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'Ghost' })).statusCode).toBe(404);
    const res = await patch('nope', { name: 'Ghost' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.id?.[0]).toBe('Not a partner id');
  });

  it.each([
    ['an empty body', {}, '_'],
    ['an empty name', { name: '' }, 'name'],
    ['a bad type', { type: 'shop' }, 'type'],
    ['a bad email', { email: 'x@' }, 'email'],
    ['a bad phone', { phone: 'call me' }, 'phone'],
  ] as [string, Record<string, unknown>, string][])('400 for %s, and nothing changes', async (_l, payload, field) => {
    const p = await createPartner({ name: `PBAD${letters(8)}` });
    const res = await patch(p.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
    expect(await rowOf(p.id)).toMatchObject({ name: p.name, type: p.type, email: null, phone: null });
  });
});

describe('POST /api/partners/:id/deactivate and /reactivate', () => {
  it('deactivates and reactivates with an audit of each; 409 when already in that state', async () => {
    const p = await createPartner({ name: `ACT${letters(8)}` });
    expect((await post(`/api/partners/${p.id}/reactivate`, {})).statusCode).toBe(409);

    const off = await post(`/api/partners/${p.id}/deactivate`, {});
    expect(off.statusCode).toBe(200);
    const deactivated = off.json<Partner>();
    expect(deactivated.active).toBe(false);
    expect((await auditRows(ctx.handle.db, 'deactivate', p.id))[0]).toMatchObject({ before: p, after: deactivated });

    const twice = await post(`/api/partners/${p.id}/deactivate`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().error.message).toBe('This partner is already deactivated.');
    expect(await auditRows(ctx.handle.db, 'deactivate', p.id)).toHaveLength(1);

    const on = await post(`/api/partners/${p.id}/reactivate`, {});
    expect(on.statusCode).toBe(200);
    expect((await auditRows(ctx.handle.db, 'reactivate', p.id))[0]).toMatchObject({
      before: deactivated,
      after: on.json<Partner>(),
    });
    expect((await rowOf(p.id))?.active).toBe(true);
  });

  it('404 for an unknown id', async () => {
    expect((await post('/api/partners/00000000-0000-4000-8000-000000000000/deactivate', {})).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------
// Authorization
// ---------------------------------------------------------------------------

describe("a partner's default sales category", () => {
  it('is set on create and shown with its name and code; cleared with null; audited', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    const created = await createPartner({ name: `DSC${letters(8)}`, defaultSalesCategoryId: category.id });
    expect(created.defaultSalesCategory).toEqual({ id: category.id, name: category.name, code: category.code });
    // The list has the database build each partner; it must be the same as what create returned.
    const full = await createPartner({
      name: `DSF${letters(8)}`,
      contactPerson: 'Wanjiru',
      phone: '+254 700 000 001',
      email: 'full@example.com',
      region: `Coast ${letters(8)}`,
      address: 'P.O. Box 1',
      notes: 'Pays on delivery',
      defaultSalesCategoryId: category.id,
    });
    for (const partner of [created, full]) {
      expect((await listPartners({ q: partner.name })).items).toEqual([partner]);
    }
    expect((await listPartners({ region: full.region })).items).toEqual([full]);

    const cleared = await patch(created.id, { defaultSalesCategoryId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Partner>().defaultSalesCategory).toBeNull();
    const [audit] = await auditRows(ctx.handle.db, 'update', created.id);
    expect(audit?.before).toMatchObject({ defaultSalesCategory: { code: category.code } });
    expect(audit?.after).toMatchObject({ defaultSalesCategory: null });
  });

  it('400 on the field for an inactive or unknown category, and nothing changes', async () => {
    const inactive = await makeSalesCategory(ctx.handle.db, { active: false });
    const name = `DSB${letters(8)}`;
    for (const id of [inactive.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post('/api/partners', { name, type: 'retailer', defaultSalesCategoryId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.details?.fieldErrors?.defaultSalesCategoryId).toEqual([
        'Choose an active sales category',
      ]);
    }
    expect(await countNamed(name)).toBe(0);

    const partner = await createPartner({ name });
    const res = await patch(partner.id, { defaultSalesCategoryId: inactive.id });
    expect(res.statusCode).toBe(400);
    expect((await listPartners({ q: name })).items[0]?.defaultSalesCategory).toBeNull();
  });

  it('a partner keeps a category deactivated since, and a change of other fields leaves it', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    const partner = await createPartner({ name: `DSK${letters(8)}`, defaultSalesCategoryId: category.id });
    expect((await post(`/api/sales/categories/${category.id}/deactivate`, {})).statusCode).toBe(200);
    const res = await patch(partner.id, { notes: 'Still retail', defaultSalesCategoryId: category.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Partner>().defaultSalesCategory?.id).toBe(category.id);
  });

  it('the CSV carries it by code: export writes the code, import reads it and refuses an unknown one', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    const token = letters(8);
    await createPartner({ name: `DSX${token}`, region: 'Coast', defaultSalesCategoryId: category.id });
    const exported = parseCsv((await get(`/api/partners/export.csv?q=DSX${token}`)).body).map((r) => r.fields);
    expect(exported[1]?.[8]).toBe(category.code);

    const csv = [
      'Name,Type,Default sales category',
      `DSI${token}A,retailer,${category.code.toLowerCase()}`,
      `DSI${token}B,retailer,NOPE${token}`,
      `DSI${token}C,ngo,`,
    ].join('\n');
    const result = await importCsv(csv, false);
    expect(result.imported).toBe(2);
    expect(result.errors).toEqual([
      { line: 3, field: 'defaultSalesCategory', message: `No active sales category has the code NOPE${token}.` },
    ]);
    const byName = new Map((await listPartners({ q: `DSI${token}` })).items.map((p) => [p.name, p]));
    expect(byName.get(`DSI${token}A`)?.defaultSalesCategory?.id).toBe(category.id);
    expect(byName.get(`DSI${token}C`)?.defaultSalesCategory).toBeNull();
  });

  it('a sales category that partners default to cannot be deleted (409, nothing changes)', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    await createPartner({ name: `DSD${letters(8)}`, defaultSalesCategoryId: category.id });
    const res = await ctx.request({
      method: 'DELETE',
      url: `/api/sales/categories/${category.id}`,
      cookie: adminCookie,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe(
      `${category.name} has 1 partner that defaults to it: deactivate it instead.`,
    );
  });
});

describe('403 for every group lacking customer-management', () => {
  let target: Partner;
  beforeAll(async () => {
    target = await createPartner({ name: `SAFE${letters(8)}` });
  });

  it.each(NOT_CUSTOMER_MANAGERS.map((g) => [g]))(
    '%s: 403 FORBIDDEN on each endpoint, nothing changes',
    async (group) => {
      const { cookie } = await ctx.signedInAs([group]);
      const before = await countRows(ctx.handle.db, partners);
      const endpoints: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: Record<string, unknown> }[] = [
        { method: 'GET', url: '/api/partners' },
        { method: 'GET', url: '/api/partners/export.csv' },
        {
          method: 'POST',
          url: '/api/partners/import',
          payload: { csv: `Name,Type\nHACK${letters(6)},ngo`, dryRun: false },
        },
        { method: 'POST', url: '/api/partners', payload: { name: `HACK${letters(6)}`, type: 'ngo' } },
        { method: 'PATCH', url: `/api/partners/${target.id}`, payload: { name: 'Hacked' } },
        { method: 'POST', url: `/api/partners/${target.id}/deactivate` },
        { method: 'POST', url: `/api/partners/${target.id}/reactivate` },
      ];
      for (const options of endpoints) {
        const res = await ctx.request({ ...options, cookie });
        expect(res.statusCode, `${group} ${options.method} ${options.url}`).toBe(403);
        expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      }
      expect(await countRows(ctx.handle.db, partners)).toBe(before);
      expect(await rowOf(target.id)).toMatchObject({ name: target.name, active: true });
    },
  );
});

// Last: it makes the table large.
describe('a capped total', () => {
  it('counts up to 10,000 and says so; keyset paging goes on', async () => {
    const prefix = `CAP${letters(6)}`;
    await ctx.handle.db.execute(
      sql`insert into partners (name, type, region) select ${prefix} || lpad(g::text, 5, '0'), 'ngo', 'Cap' from generate_series(1, 10050) g`,
    );
    const first = await listPartners({ q: prefix, limit: '200' });
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    const second = await listPartners({ q: prefix, limit: '200', cursor: first.nextCursor ?? '' });
    expect(second.items[0]?.name).toBe(`${prefix}00201`);
    expect((await listPartners({ q: `${prefix}0999` })).total).toBe(10);
  });
});
