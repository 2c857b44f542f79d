/** A market classification's head: its title and description (`market/classificationMeta.ts`), and its JSON-LD. */
import { recordJsonLd } from '../../market/meta';

export { classificationMeta as meta } from '../../market/classificationMeta';

export const jsonLd = __SERVER__ ? recordJsonLd('classification') : undefined;
