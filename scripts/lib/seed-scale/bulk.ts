// Loading a large table fast: its indexes and foreign keys set aside during the insert.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../../app/server/infra/db.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Run = (label: string, statement: SQL) => Promise<void>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `work` (a large INSERT ... SELECT into `table`) with the table's secondary indexes and
 * foreign keys set aside, then puts them back from the database's own definitions, so they are
 * always the migrations' ones. Building an index once and checking a foreign key in one join is
 * several times faster than both row by row; it all happens inside the seed's transaction.
 */
export async function withoutIndexes(tx: Tx, table: string, work: () => Promise<void>) {
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`),
  );
  const keys = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`),
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${quoted(table)} drop constraint ${quoted(key.name)}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoted(index.name)}`));
  await work();
  for (const index of indexes) await tx.execute(sql.raw(index.def));
  for (const key of keys) await tx.execute(sql.raw(`alter table ${quoted(table)} add constraint ${quoted(key.name)} ${key.def}`));
}
