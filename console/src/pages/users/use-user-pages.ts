/**
 * One page of the users list at a time, with Next and Previous: the cursors of the pages already
 * passed are kept on a stack, so Previous goes back without the server counting or skipping rows.
 * A new search, sort or filter starts again from the first page.
 */
import { useCallback, useState } from 'react';
import type { AdminApp } from '../../admin/admin-app.js';
import { useLoad } from '../../shell/use-load.js';
import { listOptions, type UserListParams, writeListParams } from './list-params.js';

/** Users per page. */
export const PAGE_SIZE = 25;

/** The current page of users and the moves from it. */
export function useUserPages(app: AdminApp, params: UserListParams) {
  const key = writeListParams(params);
  // cursors[i] is the cursor of page i + 2; the first page has none. The stack belongs to one
  // search: when the key changes, it reads as empty at once (no request with a stale cursor).
  const [stack, setStack] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = stack.key === key ? stack.cursors : [];
  const setCursors = useCallback(
    (change: (cursors: string[]) => string[]) =>
      setStack((current) => ({ key, cursors: change(current.key === key ? current.cursors : []) })),
    [key],
  );
  const cursor = cursors[cursors.length - 1];
  const page = useLoad(
    () => app.serverUsers.list(listOptions(params, PAGE_SIZE, cursor)),
    [app, key, cursor],
  );
  const next = useCallback(() => {
    const nextCursor = page.data?.nextCursor;
    if (nextCursor) setCursors((stack) => [...stack, nextCursor]);
  }, [page.data?.nextCursor, setCursors]);
  const previous = useCallback(() => setCursors((stack) => stack.slice(0, -1)), [setCursors]);
  return {
    page,
    /** 1 for the first page. */
    pageNumber: cursors.length + 1,
    hasNext: Boolean(page.data?.nextCursor),
    hasPrevious: cursors.length > 0,
    next,
    previous,
  };
}
