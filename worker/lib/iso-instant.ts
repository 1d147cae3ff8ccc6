// An instant as ISO-8601 in UTC with milliseconds, exactly as Date.toISOString() writes it everywhere else in the API,
// for the statements that build their answer in Postgres (the schedule's JSON, a series' skipped starts, a contact's
// last date). Not a speed-up by itself: to_char costs Postgres about as much CPU as parsing and formatting the Date
// costs the Worker (decision 015, «Long lists of instants»).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A timestamptz column or expression of a query builder, as the ISO string. */
export const isoInstant = (value: PgColumn | SQL | SQL.Aliased) => sql<string>`to_char((${value}) at time zone 'UTC', ${sql.raw(FORMAT)})`;

/** The same for one that may be null (an aggregate over no rows): null stays null. */
export const isoInstantOrNull = (value: PgColumn | SQL | SQL.Aliased) => sql<string | null>`${isoInstant(value)}`;

/** The same for an expression written as SQL text (statements built with sql.raw). */
export const isoInstantRaw = (expression: string) => sql.raw(`to_char((${expression}) at time zone 'UTC', ${FORMAT})`);
