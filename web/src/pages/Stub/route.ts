/** Route modules of pages whose data arrives in a later issue (`Stub`), by page name. */
import type { PageModule } from '../../lib/pageModule';
import Stub from './Stub';

export const stub = (name: string, rest: Omit<PageModule, 'name' | 'page'> = {}): PageModule => ({ name, page: Stub, ...rest });
