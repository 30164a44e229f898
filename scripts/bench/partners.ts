/**
 * The partners list with 100,000 partners (issue 3 "Performance"): first page, a filtered page,
 * a deep keyset page and a search under autocannon at 10 connections (target p99 ≤ 50 ms on
 * PGlite), and the CSV export of all of them streamed through fetch (target ≤ 3 s).
 */
import { sql } from 'drizzle-orm';
import { queryRows, vacuumAnalyze, type DatabaseHandle } from '../../src/server/db/client';
import { getJson, loadTest, signInAs, startBenchApp, verdict, warmUp } from './support';

const PARTNERS = 100_000;
const REGIONS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Malindi',
  'Kitale',
  'Garissa',
  'Kakamega',
  'Nyeri',
  'Machakos',
  'Meru',
  'Kericho',
  'Embu',
  'Naivasha',
  'Lamu',
  'Busia',
  'Voi',
  'Isiolo',
];
const FIRST = [
  'Upendo',
  'Baraka',
  'Jua',
  'Amani',
  'Tumaini',
  'Neema',
  'Faraja',
  'Imani',
  'Zawadi',
  'Rafiki',
  'Pamoja',
  'Mwanga',
  'Bidii',
  'Furaha',
  'Heri',
  'Kesho',
  'Moto',
  'Nyota',
  'Safi',
  'Tembo',
  'Simba',
  'Chui',
  'Twiga',
  'Kiboko',
  'Ndovu',
  'Mvua',
  'Upepo',
  'Mto',
  'Ziwa',
  'Mlima',
  'Bahari',
  'Jiko',
  'Moshi',
  'Kuni',
  'Mkaa',
  'Nuru',
  'Hodari',
  'Shamba',
  'Soko',
  'Duka',
];
const SECOND = [
  'Stores',
  'Traders',
  'Enterprises',
  'Cookstoves',
  'Supplies',
  'Group',
  'School',
  'Clinic',
  'Co-op',
  'Ltd',
];
/** Three letters in one FIRST word of forty ('Ndovu'): about 2.5% of the partners. */
const SEARCH = 'dov';
const SECONDS = 5;

function pgArray(values: readonly string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
}

/** 100,000 partners in one set-based insert: varied names, types, regions, contacts and creation times. */
async function seedPartners(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  await handle.db.execute(sql`
    insert into partners (name, type, contact_person, phone, email, region, address, notes, active, created_at, updated_at)
    select
      (${pgArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] || ' ' || (${pgArray(SECOND)})[1 + (g * 3) % ${SECOND.length}] || ' ' || g,
      ((array['distributor','retailer','institution','ngo','individual'])[1 + (g / 20) % 5])::partner_type,
      'Contact ' || g,
      '+254 7' || lpad((g % 100000000)::text, 8, '0'),
      'partner' || g || '@example.com',
      (${pgArray(REGIONS)})[1 + g % ${REGIONS.length}],
      'P.O. Box ' || g,
      case when g % 10 = 0 then 'Pays on delivery, "net 30"' end,
      g % 50 <> 0,
      now() - make_interval(mins => g),
      now() - make_interval(mins => g)
    from generate_series(1, ${PARTNERS}) g`);
  // As the server does at start and every ten minutes on PGlite (start.ts).
  await vacuumAnalyze(handle.db);
  return performance.now() - started;
}

interface Page {
  items: { id: string; name: string }[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

async function load(label: string, url: string, cookie: string): Promise<void> {
  const first = await getJson<Page>(url, cookie);
  const note = `${first.items.length} rows, total ${first.total}${first.totalCapped ? '+' : ''}`;
  await loadTest(label, url, cookie, { seconds: SECONDS, targetP99Ms: 50, note });
}

async function timeExport(base: string, cookie: string): Promise<void> {
  const started = performance.now();
  const res = await fetch(`${base}/api/partners/export.csv`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  let newlines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  // Lines end in CRLF; a few notes hold no newline, so every LF ends a line (the header is one).
  console.log(
    `  CSV export of all partners        ${seconds.toFixed(2)} s, ${(newlines - 1).toLocaleString('en-US')} rows, ` +
      `${(bytes / 1e6).toFixed(1)} MB, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s  ${verdict(seconds <= 3, '≤ 3 s')}`,
  );
}

/** EXPLAIN ANALYZE of the list queries, to find the cause when a target is missed (BENCH_EXPLAIN=1). */
async function explain(handle: DatabaseHandle): Promise<void> {
  const queries = {
    'first page': sql`select * from partners order by name asc, id asc limit 51`,
    'first page count': sql`select count(*) from (select 1 from partners limit 10001) c`,
    'filtered page': sql`select * from partners where type = 'retailer' and region = 'Kisumu' order by name, id limit 51`,
    search: sql`select * from (select * from partners where search like ${`%${SEARCH}%`} offset 0) m order by name, id limit 51`,
    'search count': sql`select count(*) from (select 1 from partners where search like ${`%${SEARCH}%`} limit 10001) c`,
  };
  for (const [label, query] of Object.entries(queries)) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(handle.db, sql`explain analyze ${query}`);
    console.log(`\n  -- ${label}\n${rows.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

export async function benchPartners(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { handle, base } = bench;
  try {
    const seedMs = await seedPartners(handle);
    const { cookie } = await signInAs(bench, {
      email: 'partners-bench@example.com',
      name: 'Partners Bench',
      groups: ['Senior Sales Manager'],
      factoryId: null,
    });

    // The deep page: ~1,000 rows in, reached by following nextCursor.
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: Page = await getJson<Page>(
        `${base}/api/partners?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        cookie,
      );
      cursor = page.nextCursor;
    }
    if (!cursor) throw new Error('no cursor 1,000 rows deep');

    console.log(
      `\n## Partners list with ${PARTNERS.toLocaleString('en-US')} partners on ${label} (seeded in ${(seedMs / 1000).toFixed(1)} s; 10 connections, ${SECONDS} s each)`,
    );
    await warmUp(`${base}/api/partners?limit=50`, cookie, 2);
    await loadTest('(baseline: GET /api/me)', `${base}/api/me`, cookie, { seconds: SECONDS });
    await load('first page (limit=50)', `${base}/api/partners?limit=50`, cookie);
    await load('filtered (retailer, Kisumu)', `${base}/api/partners?limit=50&type=retailer&region=Kisumu`, cookie);
    await load('deep keyset page (row ~1,000)', `${base}/api/partners?limit=50&cursor=${cursor}`, cookie);
    await load(`search (q=${SEARCH})`, `${base}/api/partners?limit=50&q=${SEARCH}`, cookie);
    await timeExport(base, cookie);
    if (process.env.BENCH_EXPLAIN) await explain(handle);
  } finally {
    await bench.close();
  }
}
