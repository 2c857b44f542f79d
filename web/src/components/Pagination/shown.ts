/**
 * What "show next N" keeps of the pages it appended: the hook (`useShowMore.ts`) holds
 * it and the chunk it loads on the first click (`appendPage.ts`) updates it. It lives
 * here so that the chunk need not import the hook's module, which loads it.
 */
export interface Shown<T> {
  /** The location the pages belong to. */
  key: string;
  /** The last page shown. */
  page: number;
  /** The items of the pages appended after the location's own page. */
  items: T[];
}
