import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Whether `db` is a transaction (drizzle hands one to `db.transaction`'s callback). */
export const isTransaction = (db: Db): boolean => is(db, PgTransaction);

/** Runs `fn` in `db` when it is a transaction already, else in a new one: two writes that must commit together. */
export function withinTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? fn(db) : db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * What a database handle and every transaction opened from it (nested ones too) share: drizzle passes the root's
 * dialect object to each transaction. Per-database state (the event runtime, lib/events.ts) is keyed by it.
 */
export const databaseIdentity = (db: Db): object => (db as unknown as { dialect: object }).dialect;
