/**
 * Keyset paging in Svix's shape (`{data, iterator, prevIterator, done}`). Signet's ids are random,
 * not time-ordered like Svix's, so an iterator carries the row's creation time and id:
 * `<epoch ms>.<id>`, with a leading `-` for a page backwards (Svix marks previous-page iterators
 * the same way). Clients treat iterators as opaque, so the format is ours to choose.
 */
import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** One page of a list, as every Svix list answers. */
export interface Page<T> {
  data: T[];
  /** Where the next page starts; null when the page is empty. */
  iterator: string | null;
  /** Where the page before this one ends (a `-` iterator). */
  prevIterator: string | null;
  /** No more items in the direction of travel. */
  done: boolean;
}

/** A decoded iterator. */
export interface Cursor {
  at: number;
  id: string;
  /** Page towards the start of the list instead of its end. */
  backwards: boolean;
}

/** The most items a page holds (Svix's limit), and the count when none is asked for. */
export const MAX_PAGE = 250;
export const DEFAULT_PAGE = 50;

const ITERATOR = /^(-?)(\d{1,15})\.([A-Za-z0-9_]{1,64})$/;

/** The iterator for a row; `backwards` for a previous-page iterator. */
export function encodeCursor(at: Date, id: string, backwards = false): string {
  return `${backwards ? '-' : ''}${at.getTime()}.${id}`;
}

/** The cursor an iterator names, or null when it is not one of ours (a 422 for the caller). */
export function decodeCursor(iterator: string): Cursor | null {
  const match = ITERATOR.exec(iterator);
  if (!match) return null;
  return { backwards: match[1] === '-', at: Number(match[2]), id: match[3]! };
}

/** The columns a list is ordered by: creation time, then id to break ties. */
export interface KeyColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

/** How to read one page. */
export interface PageRequest {
  limit: number;
  cursor: Cursor | null;
  /** Newest first (Svix's default for every list signet serves). */
  descending: boolean;
}

/**
 * Reads one page. `fetch(where, descending, take)` runs the list's query with the keyset condition
 * added, in the given order, at most `take` rows; one row more than the page is read to learn
 * whether the list goes on.
 */
export async function readPage<Row extends { createdAt: Date; id: string }>(
  columns: KeyColumns,
  request: PageRequest,
  fetch: (where: SQL | undefined, descending: boolean, take: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  const { cursor, limit } = request;
  const backwards = cursor?.backwards ?? false;
  // Paging backwards reads in the opposite order from the cursor, then turns the rows around.
  const descending = backwards ? !request.descending : request.descending;
  const where = cursor ? beyond(columns, cursor, descending) : undefined;
  const rows = await fetch(where, descending, limit + 1);
  const more = rows.length > limit;
  const data = rows.slice(0, limit);
  if (backwards) data.reverse();
  const first = data[0];
  const last = data[data.length - 1];
  return {
    data,
    iterator: last ? encodeCursor(last.createdAt, last.id) : null,
    prevIterator: first ? encodeCursor(first.createdAt, first.id, true) : null,
    // Backwards, the rows the caller came from always follow; forwards, only if one more was read.
    done: backwards ? data.length === 0 : !more,
  };
}

/** The rows strictly past `cursor` in the reading order. */
function beyond(columns: KeyColumns, cursor: Cursor, descending: boolean): SQL {
  const at = new Date(cursor.at);
  const past = descending ? lt : gt;
  return or(past(columns.createdAt, at), and(eq(columns.createdAt, at), past(columns.id, cursor.id)))!;
}
