/** The searches' fetches, for the server's bundle only (`build.mjs`, `serverOnly`). */
export { keywordRedirect, searchFetches } from './query';
