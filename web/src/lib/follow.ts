/**
 * The request every followable page makes for a logged-in visitor: whether they follow
 * the record (or the buyer), with what changed since their previous look (the users
 * API's `/api/users/follows/status`; the call marks the record seen). Only for a
 * logged-in visitor: the server adds the user's token, and the page is theirs alone.
 * Route modules call it on the server only (`fetches`), so it stays out of the browser's
 * bundle.
 */
import type { FetchSpec } from '../contract';
import type { FollowRegister } from '../records/events';

/**
 * The status of the record answered to `after` (its 32-hex `id`, filled in by the
 * server), or, without `after`, of `id` (a buyer's EDRPOU).
 */
export function followStatus(register: FollowRegister, after: string): FetchSpec;
export function followStatus(register: 'buyers', after: undefined, id: string): FetchSpec;
export function followStatus(register: FollowRegister, after: string | undefined, id?: string): FetchSpec {
  const path = `/api/users/follows/status?register=${register}&id=`;
  return after ? { key: 'follow', service: 'users', path: `${path}{/id}`, after } : { key: 'follow', service: 'users', path: path + encodeURIComponent(id ?? '') };
}
