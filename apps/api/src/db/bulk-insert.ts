import { getTableColumns, is, SQL, sql, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A multi-row insert sent as ONE parameter: the rows as a JSON array read back by `json_to_recordset`
 * (`insert into t (…) select $1::integer, x."c", … from json_to_recordset($2::json) as x("c" type, …)`).
 * Same rows, same order, same defaults as `tx.insert(table).values(rows)`, for much less work in this process:
 * drizzle builds a parameter per cell (tens of microseconds each), which for the mailbox sync's batches (hundreds
 * of rows of twenty columns) cost more than the database's own work. The account column is the statement's own
 * parameter (all rows must carry the same account), as the tenancy guard checks (db/tenancy.ts).
 * A column left out in some rows and given in others takes its default where it is left out, as drizzle does:
 * a `$defaultFn` is called per row; a SQL default is asked for with a marker column.
 */

type Conflict = { doNothing: true; target?: PgColumn[] };

type Prepared = { key: string; column: PgColumn; type: string };

function columnsOf(table: PgTable): Prepared[] {
  return Object.entries(getTableColumns(table))
    .filter(([, c]) => !(c as PgColumn & { shouldDisableInsert(): boolean }).shouldDisableInsert())
    .map(([key, column]) => ({ key, column: column as PgColumn, type: (column as PgColumn).getSQLType() }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A value as JSON carries it to json_to_recordset: json(b) as it is, the rest as the driver would send it; strings well-formed as UTF-8 sends them. */
function cell(p: Prepared, value: unknown): unknown {
  if (value === null) return null;
  if (p.type === 'json' || p.type === 'jsonb') return value;
  const driver = p.column.mapToDriverValue(value);
  return typeof driver === 'string' ? (driver as string & { toWellFormed(): string }).toWellFormed() : driver;
}

type Options = { onConflict?: Conflict; returning?: string[] | 'all' };

export function bulkInsert<T extends PgTable>(tx: Db, table: T, rows: Array<InferInsertModel<T>>, options: { onConflict?: Conflict; returning: 'all' }): Promise<Array<InferSelectModel<T>>>;
export function bulkInsert<T extends PgTable, K extends keyof InferSelectModel<T> & string>(
  tx: Db,
  table: T,
  rows: Array<InferInsertModel<T>>,
  options: { onConflict?: Conflict; returning: K[] },
): Promise<Array<Pick<InferSelectModel<T>, K>>>;
export function bulkInsert<T extends PgTable>(tx: Db, table: T, rows: Array<InferInsertModel<T>>, options?: { onConflict?: Conflict }): Promise<unknown[]>;
export async function bulkInsert<T extends PgTable>(tx: Db, table: T, rows: Array<InferInsertModel<T>>, options: Options = {}): Promise<unknown[]> {
  if (!rows.length) return [];
  const all = columnsOf(table);
  const records = rows.map((r) => ({ ...(r as Record<string, unknown>) }));
  // $defaultFn / $onUpdateFn for cells left out (drizzle's insert does the same, per row).
  for (const p of all) {
    const c = p.column as PgColumn & { defaultFn?: () => unknown; onUpdateFn?: () => unknown };
    const fn = c.defaultFn ?? (!c.default ? c.onUpdateFn : undefined);
    if (!fn) continue;
    for (const r of records) {
      if (r[p.key] !== undefined) continue;
      const v = fn();
      if (is(v, SQL)) return viaDrizzle(tx, table, rows, options);
      r[p.key] = v;
    }
  }
  const used = all.filter((p) => records.some((r) => r[p.key] !== undefined));
  const account = used.find((p) => p.column.name === 'account_id');
  const accountId = account ? records[0]![account.key] : undefined;
  if (account && records.some((r) => r[account.key] !== accountId)) return viaDrizzle(tx, table, rows, options);
  const mixed = new Set(used.filter((p) => p.column.hasDefault && records.some((r) => r[p.key] === undefined)).map((p) => p.key));
  const data = records.map((r) => {
    const o: Record<string, unknown> = {};
    for (const p of used) {
      if (p === account) continue;
      const v = r[p.key];
      o[p.column.name] = v === undefined ? null : cell(p, v);
      if (mixed.has(p.key)) o[`__default_${p.column.name}`] = v === undefined;
    }
    return o;
  });
  const defaultOf = (p: Prepared): SQL => {
    const d = (p.column as PgColumn & { default?: unknown }).default;
    if (is(d, SQL)) return d;
    return sql`${p.type === 'json' || p.type === 'jsonb' ? JSON.stringify(d) : p.column.mapToDriverValue(d)}::${sql.raw(p.type)}`;
  };
  const select = used.map((p) => {
    if (p === account) return sql`${accountId}::${sql.raw(p.type)}`;
    const x = sql.raw(`x.${quote(p.column.name)}`);
    return mixed.has(p.key) ? sql`case when ${sql.raw(`x.${quote(`__default_${p.column.name}`)}`)} then ${defaultOf(p)} else ${x} end` : x;
  });
  const defs = used
    .filter((p) => p !== account)
    .flatMap((p) => [`${quote(p.column.name)} ${p.type}`, ...(mixed.has(p.key) ? [`${quote(`__default_${p.column.name}`)} boolean`] : [])]);
  const conflict = options.onConflict ? sql.raw(` on conflict${options.onConflict.target ? ` (${options.onConflict.target.map((c) => quote(c.name)).join(', ')})` : ''} do nothing`) : sql``;
  const wanted = options.returning === 'all' ? all.concat(allNotInsertable(table, all)) : options.returning ? options.returning.map((k) => byKey(table, k)) : [];
  const returning = wanted.length ? sql.raw(` returning ${wanted.map((p) => quote(p.column.name)).join(', ')}`) : sql``;
  const query = sql`insert into ${table} (${sql.raw(used.map((p) => quote(p.column.name)).join(', '))}) select ${sql.join(select, sql`, `)} from json_to_recordset(${JSON.stringify(data)}::json) as x(${sql.raw(defs.join(', '))})${conflict}${returning}`;
  const result = (await tx.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const p of wanted) {
      const v = row[p.column.name];
      out[p.key] = v === null || v === undefined ? null : p.column.mapFromDriverValue(v);
    }
    return out;
  });
}

/** The same insert through drizzle's builder: rows of several accounts, or a default only SQL can give. */
async function viaDrizzle<T extends PgTable>(tx: Db, table: T, rows: Array<InferInsertModel<T>>, options: Options): Promise<unknown[]> {
  const insert = tx.insert(table).values(rows as never);
  const q = options.onConflict ? insert.onConflictDoNothing(options.onConflict.target ? { target: options.onConflict.target } : undefined) : insert;
  if (options.returning === 'all') return q.returning();
  if (options.returning) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    return q.returning(Object.fromEntries(options.returning.map((k) => [k, columns[k]!])));
  }
  await q;
  return [];
}

function allNotInsertable(table: PgTable, insertable: Prepared[]): Prepared[] {
  const keys = new Set(insertable.map((p) => p.key));
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !keys.has(key))
    .map(([key, column]) => ({ key, column: column as PgColumn, type: (column as PgColumn).getSQLType() }));
}

function byKey(table: PgTable, key: string): Prepared {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[key];
  if (!column) throw new Error(`bulkInsert: no column ${key}`);
  return { key, column, type: column.getSQLType() };
}
