/** `/market/profile/{profileId}`: a profile's products (`RequirementProducts.tsx`) with its own head and canonical query. */
import { recordJsonLd } from './meta';
import { profileMeta } from './recordMeta';

export { canonicalQuery } from './meta';

export { default } from './RequirementProducts';
export const meta = profileMeta;
export const jsonLd = __SERVER__ ? recordJsonLd('profile') : undefined;
