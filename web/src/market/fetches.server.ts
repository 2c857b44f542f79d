/** The market pages' fetches, for the server's bundle only (`build.mjs`, `serverOnly`). */
export { classificationFetches, listFetches, marketFetches, recordFetches } from './fetches';
