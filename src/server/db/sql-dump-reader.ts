/**
 * Reads a plain SQL dump as `pg_dump` writes it (and as backups are: dump.ts), line by line, into
 * what a restore runs: SQL statements, and COPY … FROM stdin statements with their rows. psql's
 * meta-commands (`\restrict`, `\connect` …) are skipped: a restore runs into one database.
 */

export type DumpItem =
  { kind: 'statement'; sql: string; line: number } | { kind: 'copy'; sql: string; line: number; rows: Buffer[] };

/** Rows of one COPY handed on at a time: a table of a million rows arrives in parts. */
const COPY_PART_BYTES = 16 * 1024 * 1024;

const COPY_FROM_STDIN = /^COPY\s[\s\S]+\sFROM\s+stdin\s*;$/i;

/**
 * Where a statement's text is: in plain SQL, inside '…' (E'…' with backslash escapes), "…",
 * $tag$…$tag$ or a block comment. A `;` ends a statement only in plain SQL.
 */
type LexState = { in: 'sql' } | { in: 'quote'; escapes: boolean } | { in: 'ident' } | { in: 'dollar'; tag: string };

class StatementSplitter {
  #state: LexState = { in: 'sql' };
  #commentDepth = 0;
  #text = '';
  #startLine = 0;

  get pending(): boolean {
    return this.#text.trim().length > 0;
  }

  get startLine(): number {
    return this.#startLine;
  }

  /** Adds one line; returns the statements it completes (with the line each started on). */
  push(line: string, lineNo: number): { sql: string; line: number }[] {
    const done: { sql: string; line: number }[] = [];
    let from = 0;
    let i = 0;
    const take = (end: number) => {
      const piece = line.slice(from, end);
      if (!this.pending && piece.trim()) this.#startLine = lineNo;
      this.#text += piece;
      from = end;
    };
    while (i < line.length) {
      const c = line[i];
      const next = line[i + 1];
      if (this.#commentDepth > 0) {
        if (c === '*' && next === '/') {
          this.#commentDepth--;
          i += 2;
          // The statement goes on after the comment.
          if (this.#commentDepth === 0) from = i;
        } else if (c === '/' && next === '*') {
          this.#commentDepth++;
          i += 2;
        } else i++;
        continue;
      }
      const state = this.#state;
      if (state.in === 'quote') {
        if (state.escapes && c === '\\') i += 2;
        else if (c === "'" && next === "'") i += 2;
        else {
          if (c === "'") this.#state = { in: 'sql' };
          i++;
        }
        continue;
      }
      if (state.in === 'ident') {
        if (c === '"' && next === '"') i += 2;
        else {
          if (c === '"') this.#state = { in: 'sql' };
          i++;
        }
        continue;
      }
      if (state.in === 'dollar') {
        if (c === '$' && line.startsWith(state.tag, i)) {
          i += state.tag.length;
          this.#state = { in: 'sql' };
        } else i++;
        continue;
      }
      // Plain SQL.
      if (c === '-' && next === '-') {
        // A comment to the end of the line: dropped from the statement.
        take(i);
        from = line.length;
        i = line.length;
        break;
      }
      if (c === '/' && next === '*') {
        take(i);
        this.#commentDepth = 1;
        i += 2;
        from = i;
        continue;
      }
      if (c === "'") {
        const before = line[i - 1] ?? ' ';
        const escapes = (before === 'E' || before === 'e') && !/[A-Za-z0-9_]/.test(line[i - 2] ?? ' ');
        this.#state = { in: 'quote', escapes };
        i++;
        continue;
      }
      if (c === '"') {
        this.#state = { in: 'ident' };
        i++;
        continue;
      }
      if (c === '$' && !/[A-Za-z0-9_]/.test(line[i - 1] ?? ' ')) {
        const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(line.slice(i))?.[0];
        if (tag) {
          this.#state = { in: 'dollar', tag };
          i += tag.length;
          continue;
        }
      }
      if (c === ';') {
        take(i + 1);
        done.push({ sql: this.#text.trim(), line: this.#startLine });
        this.#text = '';
      }
      i++;
    }
    if (this.#commentDepth === 0) take(line.length);
    else from = line.length;
    this.#text += '\n';
    return done;
  }
}

/**
 * The statements and COPY parts of a dump, from its lines (a gunzipped file read by readline).
 * A COPY's rows come in parts of about `copyPartBytes`.
 */
export async function* readSqlDump(
  lines: AsyncIterable<string>,
  { copyPartBytes = COPY_PART_BYTES } = {},
): AsyncGenerator<DumpItem> {
  const splitter = new StatementSplitter();
  let copy: { sql: string; line: number; rows: Buffer[]; bytes: number } | null = null;
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (copy) {
      if (line === '\\.') {
        yield { kind: 'copy', sql: copy.sql, line: copy.line, rows: copy.rows };
        copy = null;
        continue;
      }
      const row = Buffer.from(`${line}\n`);
      copy.rows.push(row);
      copy.bytes += row.length;
      if (copy.bytes >= copyPartBytes) {
        yield { kind: 'copy', sql: copy.sql, line: copy.line, rows: copy.rows };
        copy = { sql: copy.sql, line: copy.line, rows: [], bytes: 0 };
      }
      continue;
    }
    // A psql meta-command between statements.
    if (!splitter.pending && line.startsWith('\\')) continue;
    for (const statement of splitter.push(line, lineNo)) {
      if (COPY_FROM_STDIN.test(statement.sql)) copy = { ...statement, rows: [], bytes: 0 };
      else yield { kind: 'statement', ...statement };
    }
  }
  if (copy) throw new Error(`The dump ends inside the rows of the COPY on line ${copy.line}: the file is cut short.`);
  if (splitter.pending)
    throw new Error(`The dump ends inside the statement on line ${splitter.startLine}: the file is cut short.`);
}
