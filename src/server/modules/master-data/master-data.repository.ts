/**
 * SQL every master-data table (id, active, created/updated stamps) shares: the single-row lock,
 * insert, update and delete, and who else holds a unique name or code. Each area's repository
 * exports them under its own names (lockSalesCategory = rows.lock) beside its own list SQL.
 */
import { eq, getTableName, sql, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client';

/** A table with a uuid `id` and an `updated_at` stamp. */
type RowTable = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

/** The single-row reads and writes of one master-data table. */
export function masterDataRows<Table extends RowTable>(table: Table) {
  type Row = InferSelectModel<Table>;
  type NewRow = InferInsertModel<Table>;
  // Drizzle's builders cannot resolve their types on a table type left open: they work on the
  // table as any RowTable, and the functions below give the rows their table's types back.
  const t: RowTable = table;
  const name = getTableName(table);
  return {
    /** Locks the row for the rest of the transaction and reads it: FOR UPDATE (changes, delete) or FOR SHARE (use). */
    lock: async (db: Executor, id: string, strength: 'update' | 'share' = 'update'): Promise<Row | null> => {
      const [row] = await db.select().from(t).where(eq(t.id, id)).for(strength);
      return (row as Row | undefined) ?? null;
    },
    insert: async (db: Executor, values: NewRow): Promise<Row> => {
      const [row] = await db.insert(t).values(values).returning();
      if (!row) throw new Error(`insert into ${name} returned no row`);
      return row as Row;
    },
    /** Writes the values and stamps updated_at. */
    update: async (db: Executor, id: string, values: Partial<NewRow>): Promise<Row> => {
      const [row] = await db
        .update(t)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning();
      if (!row) throw new Error(`update of ${name} returned no row`);
      return row as Row;
    },
    remove: async (db: Executor, id: string): Promise<void> => {
      await db.delete(t).where(eq(t.id, id));
    },
  };
}

/** A unique column: unique in any case (its index is on lower(column)) or as written, and its index. */
export interface UniqueColumn {
  column: AnyPgColumn;
  anyCase: boolean;
  /** The unique index's name: what a write that lost a race to a concurrent one runs into. */
  index: string;
}

/** Values asked for the unique fields of a table (an absent one is not checked). */
export type UniqueValues<Field extends string> = Partial<Record<Field, string | undefined>>;

/** The unique fields of one table and the query of who holds a value. */
export interface UniqueColumns<Field extends string> {
  /** Each field's unique index. */
  indexes: Record<Field, string>;
  /** Each field whose value another row than `exceptId` holds, spelled as that row has it. */
  findHeld(db: Executor, values: UniqueValues<Field>, exceptId?: string): Promise<Partial<Record<Field, string>>>;
}

/**
 * The unique columns of a table, each checked before writing so the 409 names the field: one
 * query finds, for each value asked, the other row (than `exceptId`) that holds it.
 */
export function uniqueColumns<Field extends string>(
  table: RowTable,
  columns: Record<Field, UniqueColumn>,
): UniqueColumns<Field> {
  const fields = Object.keys(columns) as Field[];
  const holds = (field: Field, value: string) => {
    const { column, anyCase } = columns[field];
    return anyCase ? sql`lower(${column}) = lower(${value}::text)` : sql`${column} = ${value}::text`;
  };
  return {
    indexes: Object.fromEntries(fields.map((f) => [f, columns[f].index])) as Record<Field, string>,
    async findHeld(db, values, exceptId) {
      const asked = fields.flatMap((field) => {
        const value = values[field];
        return value === undefined ? [] : [{ field, match: holds(field, value) }];
      });
      if (asked.length === 0) return {};
      // A row per holder: each field's column where that row holds the value, else null.
      const heldBy = asked.map(
        ({ field, match }) => sql`case when ${match} then ${columns[field].column} end as ${sql.identifier(field)}`,
      );
      const rows = await queryRows<Record<string, string | null>>(
        db,
        sql`select ${sql.join(heldBy, sql`, `)}
              from ${table}
             where (${sql.join(
               asked.map(({ match }) => match),
               sql` or `,
             )})
               ${exceptId ? sql`and ${table.id} <> ${exceptId}` : sql``}`,
      );
      const held: Partial<Record<Field, string>> = {};
      for (const { field } of asked) {
        const value = rows.find((row) => row[field] != null)?.[field];
        if (value != null) held[field] = value;
      }
      return held;
    },
  };
}
