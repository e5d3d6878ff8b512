import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Tenancy, structurally: every statement sent to the database while a route or a job runs is checked
 * against the scope it runs in, before it leaves this process.
 *
 * - A route handler runs in the scope the registry gives it (app.ts): its user's account, or "public".
 * - A job runs in the scope its definition declares (lib/jobs/queue.ts): an account, or "system".
 * - `asSystem(why, fn)` lifts the check for work that is by nature across accounts (finding a user by
 *   email at sign-in, a global uniqueness check, an unsubscribe link that carries its own signature).
 *
 * In an account's scope, a statement that touches an account-owned table must bind that account:
 * `account_id = $n` (or `accounts.id`, or the user's own `users.id` / `user_id`) with the scope's value,
 * and an insert must write the scope's account into `account_id`. A statement that binds another
 * account, or none, is refused: the request fails instead of leaking. In the public scope no
 * account-owned table may be touched at all. Code outside every scope (start-up, seeding, scripts,
 * tests' own set-up) is not checked.
 *
 * Why not row-level security: PostgreSQL's RLS needs the account set per transaction; on the embedded
 * database (one connection) a transaction per request would run requests one after another, and a
 * transaction per statement costs three round trips more. This guard costs a cached regex match per
 * statement (see `npm run bench`, tenancy_guard) and works the same on both databases.
 */
export type TenantScope =
  | { kind: 'account'; accountId: number; userId: number | null }
  | { kind: 'public' }
  | { kind: 'system'; reason: string };

const scopes = new AsyncLocalStorage<TenantScope>();

export const currentScope = (): TenantScope | undefined => scopes.getStore();

/**
 * Runs `fn` in `scope`. A lazy thenable it answers (a drizzle query not yet awaited) is started inside the
 * scope, so `asSystem(why, () => db.select()…)` checks the statement in the scope it was written for.
 */
function runIn<T>(scope: TenantScope, fn: () => T): T {
  return scopes.run(scope, () => {
    const out = fn();
    if (out && typeof (out as { then?: unknown }).then === 'function' && !(out instanceof Promise)) {
      return new Promise((resolve, reject) => (out as unknown as PromiseLike<unknown>).then(resolve, reject)) as T;
    }
    return out;
  });
}

export function inAccount<T>(accountId: number, userId: number | null, fn: () => T): T {
  return runIn({ kind: 'account', accountId, userId }, fn);
}

/**
 * The account of the scope this code runs in. Jobs read their rows by id through it (the scope came from
 * the job's declaration); outside an account's scope it throws rather than guess.
 */
export function scopeAccountId(): number {
  const scope = scopes.getStore();
  if (scope?.kind !== 'account') throw new Error(`Tenancy guard: an account's scope was expected, not ${scope ? scope.kind : 'none'}`);
  return scope.accountId;
}

export function inPublicScope<T>(fn: () => T): T {
  return runIn({ kind: 'public' }, fn);
}

/** Work that is across accounts by nature; `reason` says why (it shows in reviews and in errors). */
export function asSystem<T>(reason: string, fn: () => T): T {
  return runIn({ kind: 'system', reason }, fn);
}

/** Tables that belong to no account: the guard leaves them alone. A new table must be listed here or carry account_id. */
export const GLOBAL_TABLES: ReadonlySet<string> = new Set(['auth_mail_sends', 'job_runs', 'job_workers', 'oauth_states', 'recipient_domains', 'stripe_events', 'tracking_salts']);

/**
 * Tables without account_id that hang off an account-owned row: a statement on them must still bind the
 * account (through a join to the parent) or the scope's user where the column names one.
 */
export const OWNED_THROUGH: Readonly<Record<string, { parent: string; column: string }>> = {
  auth_tokens: { parent: 'users', column: 'user_id' },
  verification_codes: { parent: 'users', column: 'user_id' },
  import_changes: { parent: 'import_jobs', column: 'import_id' },
};

function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/** Every table of the schema with how it is owned; the tenancy test fails on a table that fits none. */
export function tableOwnership(): Array<{ name: string; ownership: 'account' | 'through' | 'global' | 'unclassified' }> {
  return schemaTables().map((t) => {
    const { name, columns } = getTableConfig(t);
    const ownership =
      name === 'accounts' || columns.some((c) => c.name === 'account_id')
        ? 'account'
        : name in OWNED_THROUGH
          ? 'through'
          : GLOBAL_TABLES.has(name)
            ? 'global'
            : 'unclassified';
    return { name, ownership };
  });
}

let protectedTables: Set<string> | null = null;
/** Tables the guard watches: account-owned, owned through a parent, and any not yet classified. */
function watched(): Set<string> {
  return (protectedTables ??= new Set(tableOwnership().filter((t) => t.ownership !== 'global').map((t) => t.name)));
}

export class TenancyViolation extends Error {
  constructor(message: string, sql: string) {
    super(`Tenancy guard: ${message}. Statement: ${sql.length > 300 ? `${sql.slice(0, 300)}…` : sql}`);
    this.name = 'TenancyViolation';
    if (process.env.TENANCY_GUARD_LOG) appendFileSync(process.env.TENANCY_GUARD_LOG, `${this.message}\n${new Error().stack?.split('\n').slice(2, 14).join('\n')}\n\n`);
  }
}

type Binding = { column: 'account' | 'user'; param: number | null; literal: number | null };
type Analysis = { tables: string[]; bindings: Binding[]; insert: { table: string; accountColumn: number; userColumn: number; tuples: string[][] } | null };

const TABLE_REF = /\b(?:from|join|into|update|using)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?(?!\s*\.)/gi;
const BINDING = /(?:"?([a-z_][a-z0-9_]*)"?\s*\.\s*)?"?\b(account_id|user_id|id)"?\s*(?:=\s*(?:any\s*\(\s*)?|in\s*\(\s*)(?:\$(\d+)|(\d+)\b)/gi;
const INSERT = /^\s*insert\s+into\s+(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?\s*\(([^)]*)\)\s*(values|select)\s*/i;

/** The top-level parenthesised tuples of a VALUES list, each split at its top-level commas. */
function valueTuples(text: string): string[][] {
  const tuples: string[][] = [];
  let depth = 0;
  let quote: string | null = null;
  let item = '';
  let current: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      item += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      item += ch;
      continue;
    }
    if (ch === '(') {
      depth++;
      if (depth === 1) {
        item = '';
        current = [];
        continue;
      }
    } else if (ch === ')') {
      depth--;
      if (depth === 0) {
        current.push(item.trim());
        tuples.push(current);
        continue;
      }
    } else if (ch === ',' && depth === 1) {
      current.push(item.trim());
      item = '';
      continue;
    } else if (depth === 0 && /[a-z]/i.test(ch)) break; // "on conflict", "returning": the list ended
    if (depth >= 1) item += ch;
  }
  return tuples;
}

/** The select list of `rest` (what follows SELECT): up to its top-level FROM, WHERE or the end. */
function selectList(rest: string): string {
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && /\s/.test(ch) && /^\s+(from|where|on\s+conflict|returning)\b/i.test(rest.slice(i))) return rest.slice(0, i);
  }
  return rest;
}

function analyse(sql: string): Analysis {
  const table = watched();
  const tables = new Set<string>();
  for (const m of sql.matchAll(TABLE_REF)) {
    const name = m[1]!.toLowerCase();
    if (table.has(name)) tables.add(name);
  }
  if (tables.size === 0) return { tables: [], bindings: [], insert: null };
  const bindings: Binding[] = [];
  for (const m of sql.matchAll(BINDING)) {
    const qualifier = m[1]?.toLowerCase();
    const column = m[2]!.toLowerCase();
    let kind: Binding['column'] | null = null;
    if (column === 'account_id') kind = 'account';
    else if (column === 'user_id') kind = 'user';
    else if (qualifier === 'accounts' || (!qualifier && tables.size === 1 && tables.has('accounts'))) kind = 'account';
    else if (qualifier === 'users' || (!qualifier && tables.size === 1 && tables.has('users'))) kind = 'user';
    if (kind) bindings.push({ column: kind, param: m[3] ? Number(m[3]) : null, literal: m[4] ? Number(m[4]) : null });
  }
  let insert: Analysis['insert'] = null;
  const ins = INSERT.exec(sql);
  if (ins && table.has(ins[1]!.toLowerCase())) {
    const columns = ins[2]!.split(',').map((c) => c.trim().replace(/"/g, '').toLowerCase());
    const rest = sql.slice(ins[0].length);
    // VALUES (…), (…) or INSERT … SELECT <list> FROM …: the select list is one tuple (casts dropped below).
    const tuples = ins[3]!.toLowerCase() === 'values' ? valueTuples(rest) : valueTuples(`(${selectList(rest)})`);
    insert = { table: ins[1]!.toLowerCase(), accountColumn: columns.indexOf('account_id'), userColumn: columns.indexOf('user_id'), tuples };
  }
  return { tables: [...tables], bindings, insert };
}

const analyses = new Map<string, Analysis>();
const ANALYSES_MAX = 5000;

function analysisOf(sql: string): Analysis {
  let a = analyses.get(sql);
  if (!a) {
    a = analyse(sql);
    if (analyses.size >= ANALYSES_MAX) analyses.clear();
    analyses.set(sql, a);
  }
  return a;
}

const valuesOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const sameId = (v: unknown, id: number) => (typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') && Number(v) === id;

/** Throws a TenancyViolation when `sql` with `params` may not run in the current scope. */
export function checkStatement(sql: string, params: readonly unknown[] | undefined): void {
  const scope = scopes.getStore();
  if (!scope || scope.kind === 'system') return;
  const a = analysisOf(sql);
  if (a.tables.length === 0) return;
  if (scope.kind === 'public') throw new TenancyViolation(`a public request touched ${a.tables.join(', ')} (wrap a deliberate cross-account look-up in asSystem)`, sql);
  const expected = (b: { column: 'account' | 'user' }) => (b.column === 'account' ? scope.accountId : scope.userId);
  const valueOf = (b: Binding): unknown => (b.param !== null ? params?.[b.param - 1] : b.literal);

  if (a.insert) {
    const { table, accountColumn, tuples } = a.insert;
    if (accountColumn >= 0 && tuples.length > 0) {
      for (const tuple of tuples) {
        const cell = (tuple[accountColumn] ?? '').replace(/::[a-z0-9_]+$/i, '');
        const param = /^\$(\d+)$/.exec(cell);
        const value = param ? params?.[Number(param[1]) - 1] : /^\d+$/.test(cell) ? Number(cell) : undefined;
        if (!sameId(value, scope.accountId)) throw new TenancyViolation(`an insert into ${table} writes another account (or none) in account ${scope.accountId}'s scope`, sql);
      }
      // The rest of the statement (a conflict clause's look-ups) is the insert's own rows.
      if (a.tables.length === 1) return;
    } else if (accountColumn < 0 && tuples.length > 0) {
      const through = OWNED_THROUGH[table];
      if (!through) throw new TenancyViolation(`an insert into ${table} does not set account_id`, sql);
      if (through.column === 'user_id') {
        const userColumn = a.insert.userColumn;
        for (const tuple of tuples) {
          const param = /^\$(\d+)$/.exec((tuple[userColumn] ?? '').replace(/::[a-z0-9_]+$/i, ''));
          if (scope.userId === null || !param || !sameId(params?.[Number(param[1]) - 1], scope.userId)) {
            throw new TenancyViolation(`an insert into ${table} names another user in user ${String(scope.userId)}'s scope`, sql);
          }
        }
      }
      // Owned through another parent (an import's undo log): written only with a parent id read in this scope.
      if (a.tables.length === 1) return;
    }
  }
  let bound = false;
  for (const b of a.bindings) {
    const want = expected(b);
    const values = valuesOf(valueOf(b));
    if (want === null || values.length === 0 || values.some((v) => v === undefined)) continue;
    if (values.every((v) => sameId(v, want))) bound = true;
    else throw new TenancyViolation(`a statement on ${a.tables.join(', ')} binds ${b.column === 'account' ? 'account' : 'user'} ${String(values)} in account ${scope.accountId}'s scope`, sql);
  }
  if (!bound && !(a.insert && a.insert.accountColumn >= 0)) throw new TenancyViolation(`a statement on ${a.tables.join(', ')} does not bind account ${scope.accountId}`, sql);
}

export type TenancyGuardMode = 'enforce' | 'off';

/** A PGlite client (or transaction) whose every statement passes checkStatement first. */
export function guardPglite<T extends object>(client: T): T {
  const wrap = <U extends object>(target: U): U =>
    new Proxy(target, {
      get(t, prop) {
        const v = Reflect.get(t, prop) as unknown;
        if (typeof v !== 'function') return v;
        const fn = v as (...a: unknown[]) => unknown;
        if (prop === 'query') {
          return (sql: string, params?: unknown[], ...rest: unknown[]) => {
            checkStatement(sql, params);
            return fn.call(t, sql, params, ...rest);
          };
        }
        if (prop === 'exec') {
          return (sql: string, ...rest: unknown[]) => {
            checkStatement(sql, []);
            return fn.call(t, sql, ...rest);
          };
        }
        if (prop === 'transaction') return (cb: (tx: object) => unknown) => fn.call(t, (tx: object) => cb(wrap(tx)));
        return fn.bind(t);
      },
    });
  return wrap(client);
}

type PgQueryable = { query: (...args: never[]) => unknown };
const statementOf = (args: unknown[]): [string, unknown[] | undefined] => {
  const [first, second] = args;
  if (typeof first === 'string') return [first, Array.isArray(second) ? second : undefined];
  const q = first as { text?: string; values?: unknown[] } | undefined;
  return [q?.text ?? '', Array.isArray(second) ? second : q?.values];
};

/**
 * A node-postgres pool whose statements pass checkStatement first: `pool.query` and the clients handed
 * out by `pool.connect()` (drizzle's transactions), checked in the caller's async context.
 */
export function guardPgPool<T extends PgQueryable & { connect: (...args: never[]) => unknown }>(pool: T): T {
  const guardClient = <C extends PgQueryable>(client: C): C =>
    new Proxy(client, {
      get(t, prop) {
        const v = Reflect.get(t, prop) as unknown;
        if (prop === 'query' && typeof v === 'function') {
          return (...args: unknown[]) => {
            const [sql, params] = statementOf(args);
            checkStatement(sql, params);
            return (v as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
  return new Proxy(pool, {
    get(t, prop) {
      const v = Reflect.get(t, prop) as unknown;
      if (typeof v !== 'function') return v;
      const fn = v as (...a: unknown[]) => unknown;
      if (prop === 'query') {
        return (...args: unknown[]) => {
          const [sql, params] = statementOf(args);
          checkStatement(sql, params);
          return fn.apply(t, args);
        };
      }
      if (prop === 'connect') {
        return (...args: unknown[]) => {
          if (args.length > 0) return fn.apply(t, args);
          return (fn.call(t) as Promise<PgQueryable>).then((c) => guardClient(c));
        };
      }
      return fn.bind(t);
    },
  });
}
