/**
 * `/info/tariffs`, `/info/contacts`, `/info/regulations`: one component over the
 * operator's Markdown (`content/info/`). Split from the main bundle: the pages' texts
 * (both languages) load only with them, not with every page. Title and description
 * are the default `pages.<name>.title` / `.description`.
 */
import type { PageModule } from '../../routes/types';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Info.css';

const page = { load: () => import('./Info') };

export const tariffs: PageModule = { name: 'tariffs', page };
export const contacts: PageModule = { name: 'contacts', page };
export const regulations: PageModule = { name: 'regulations', page };
