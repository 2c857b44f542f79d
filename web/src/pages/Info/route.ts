/**
 * `/info/tariffs`, `/info/contacts`, `/info/regulations`, `/info/search-help`,
 * `/info/red-flags`: one component over the operator's Markdown (`content/info/`). Split from the main bundle, a chunk per page
 * and language: a page's first load carries its own text in its own language only.
 * Title and description are the default `pages.<name>.title` / `.description`.
 */
import type { RouteModule } from '../../lib/routeModule';
import { infoChunks, type InfoPage } from './content.gen';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Info.css';

const info = (name: InfoPage): RouteModule => ({ name, page: { load: (language) => infoChunks[name][language]() } });

export const tariffs = info('tariffs');
export const contacts = info('contacts');
export const regulations = info('regulations');
/** How the search reads a query (linked beside the search form). */
export const searchHelp = info('searchHelp');
/** The red flags' methodology (the tender and organisation pages link its `#r018`…). */
export const redFlags = info('redFlags');
