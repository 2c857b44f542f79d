/** `/market/profile/{profileId}`: a profile's products (`market/RequirementProducts.tsx`) with its own head (`head.ts`). */
import { record } from '../../market/route';

export const profile = record('profile', { load: () => import('./Profile') });
