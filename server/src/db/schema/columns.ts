/** Column helpers every table file shares. */
import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its time zone, read as a `Date`. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
