/**
 * The users list's search, sort and filters as they sit in the URL (`?q=ann&sort=oldest&verified=yes`),
 * so back, forward and reload keep them, and the options `serverUsers.list` takes for them.
 */
import type { ListUsersOptions } from 'signet/plugins/server-users';

/** A yes/no filter, or no filter. */
export type YesNo = 'yes' | 'no' | '';

/** What the list shows, as read from the URL. */
export interface UserListParams {
  /** The search text (an id, or part of an email or name). */
  q: string;
  /** Newest sign-ups first (the default) or oldest. */
  sort: 'newest' | 'oldest';
  verified: YesNo;
  password: YesNo;
  /** An OAuth provider id, or '' for any. */
  provider: string;
}

const yesNo = (value: string | null): YesNo => (value === 'yes' || value === 'no' ? value : '');

/** Reads the list's parameters from a query string. */
export function readListParams(search: URLSearchParams): UserListParams {
  return {
    q: search.get('q') ?? '',
    sort: search.get('sort') === 'oldest' ? 'oldest' : 'newest',
    verified: yesNo(search.get('verified')),
    password: yesNo(search.get('password')),
    provider: search.get('provider') ?? '',
  };
}

/** The query string of `params`, leaving out defaults (`''` when all are). */
export function writeListParams(params: UserListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.sort === 'oldest') search.set('sort', 'oldest');
  if (params.verified) search.set('verified', params.verified);
  if (params.password) search.set('password', params.password);
  if (params.provider) search.set('provider', params.provider);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether any filter (not the search or sort) is set. */
export const hasFilters = (params: UserListParams) =>
  Boolean(params.verified || params.password || params.provider);

/** The `serverUsers.list` options of one page. */
export function listOptions(
  params: UserListParams,
  limit: number,
  cursor: string | undefined,
): ListUsersOptions {
  const options: ListUsersOptions = { limit, desc: params.sort === 'newest' };
  if (cursor) options.cursor = cursor;
  const query = params.q.trim();
  if (query) options.query = query;
  if (params.verified) options.primaryEmailVerified = params.verified === 'yes';
  if (params.password) options.hasPassword = params.password === 'yes';
  if (params.provider) options.oauthProvider = params.provider;
  return options;
}
