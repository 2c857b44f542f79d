/** Route modules of pages whose data arrives in a later issue (`Stub`), by page name. */
import type { RouteModule } from '../../lib/routeModule';
import Stub from './Stub';

export const stub = (name: string, rest: Omit<RouteModule, 'name' | 'page'> = {}): RouteModule => ({ name, page: Stub, ...rest });
