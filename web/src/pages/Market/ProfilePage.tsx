/** `/market/profile/{profileId}`: a profile's products (`RequirementProducts.tsx`) with its own head. */
import { profileMeta, trailJsonLd } from './meta';

export { default } from './RequirementProducts';
export const meta = profileMeta;
export const jsonLd = trailJsonLd('profile');
