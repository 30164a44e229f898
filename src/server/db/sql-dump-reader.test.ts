/**
 * The dump reader: statements split at the `;` of plain SQL only (not inside quotes, quoted names,
 * dollar quotes or comments), COPY rows handed on in parts, psql meta-commands skipped, and a file
 * cut short refused with the line where it was cut.
 */
import { describe, expect, it } from 'vitest';
import { readSqlDump, type DumpItem } from './sql-dump-reader';

async function read(text: string, options?: { copyPartBytes?: number }): Promise<DumpItem[]> {
  async function* lines() {
    yield* text.split('\n');
  }
  const items: DumpItem[] = [];
  for await (const item of readSqlDump(lines(), options)) items.push(item);
  return items;
}

const statements = (items: DumpItem[]) => items.map((i) => (i.kind === 'statement' ? i.sql : `COPY ${i.rows.length}`));

describe('reading a SQL dump', () => {
  it('splits statements at the semicolons of plain SQL, with the line each starts on', async () => {
    const items = await read('SET a = 1;\n\nCREATE TABLE t (\n  id int\n);\nSELECT 1; SELECT 2;');
    expect(items.map((i) => [i.kind, i.sql, i.line])).toEqual([
      ['statement', 'SET a = 1;', 1],
      ['statement', 'CREATE TABLE t (\n  id int\n);', 3],
      ['statement', 'SELECT 1;', 6],
      ['statement', 'SELECT 2;', 6],
    ]);
  });

  it('keeps semicolons inside quotes, escaped quotes, quoted names and dollar quotes', async () => {
    const dump = [
      "INSERT INTO t VALUES ('a;b', 'it''s; fine', E'back\\'s; slash');",
      'CREATE TABLE "we;ird""name" (x int);',
      'CREATE FUNCTION f() RETURNS int AS $body$',
      '  SELECT 1; -- not the end',
      '$body$ LANGUAGE sql;',
      "DO $$ BEGIN PERFORM ';'; END $$;",
    ].join('\n');
    expect(statements(await read(dump))).toEqual([
      "INSERT INTO t VALUES ('a;b', 'it''s; fine', E'back\\'s; slash');",
      'CREATE TABLE "we;ird""name" (x int);',
      'CREATE FUNCTION f() RETURNS int AS $body$\n  SELECT 1; -- not the end\n$body$ LANGUAGE sql;',
      "DO $$ BEGIN PERFORM ';'; END $$;",
    ]);
  });

  it('drops comments, nested block comments included, and skips psql meta-commands', async () => {
    const dump = [
      '-- a dump; of something',
      '\\restrict abc',
      '/* a ; /* nested ; */ still ; comment */ SELECT 1;',
      'SELECT 2; -- trailing; comment',
      '\\connect other',
      '\\unrestrict abc',
    ].join('\n');
    expect(statements(await read(dump))).toEqual(['SELECT 1;', 'SELECT 2;']);
  });

  it('hands on the rows of a COPY, in parts when they are many, each naming its COPY', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `${i}\tname ${i}; with a semicolon`);
    const dump = ['COPY public.t (id, name) FROM stdin;', ...rows, '\\.', 'SELECT 3;'].join('\n');
    const whole = await read(dump);
    expect(statements(whole)).toEqual(['COPY 10', 'SELECT 3;']);
    const first = whole[0];
    expect(first?.kind === 'copy' && first.rows.map(String)).toEqual(rows.map((r) => `${r}\n`));

    const parts = await read(dump, { copyPartBytes: 100 });
    expect(parts.filter((i) => i.kind === 'copy').map((i) => [i.sql, i.line])).toEqual(
      Array.from({ length: parts.length - 1 }, () => ['COPY public.t (id, name) FROM stdin;', 1]),
    );
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.flatMap((i) => (i.kind === 'copy' ? i.rows.map(String) : []))).toEqual(rows.map((r) => `${r}\n`));
  });

  it('refuses a dump cut short inside a COPY or a statement, naming the line', async () => {
    await expect(read('SELECT 1;\nCOPY public.t (id) FROM stdin;\n1\n2')).rejects.toThrow(
      'The dump ends inside the rows of the COPY on line 2: the file is cut short.',
    );
    await expect(read("SELECT 1;\nINSERT INTO t VALUES ('unfinished;")).rejects.toThrow(
      'The dump ends inside the statement on line 2: the file is cut short.',
    );
  });
});
