/**
 * The portal's own OCDS extension, red flags (`web/public/docs/ocds/red-flags/`, served
 * at `<origin>/docs/ocds/red-flags/extension.json`): `tender.redFlags`, the red flags a
 * tender raises, read from a search member's `redFlags` codes (the upstream
 * computes them, `upstream/API.md`). Full records carry none: their releases have no field.
 */
import type { OcdsRedFlag } from './shapes';

/** Where the server serves the extension's metadata (`web/public` is the client's static root). */
export const RED_FLAGS_EXTENSION_PATH = '/docs/ocds/red-flags/extension.json';

/** The extension's URL on the portal's public origin (without a trailing slash). */
export const redFlagsExtensionUrl = (origin: string): string => `${origin}${RED_FLAGS_EXTENSION_PATH}`;

/**
 * The indicators the portal computes (`indicators/README.md`), in the assessment's order:
 * their names in the release's language (Ukrainian, the tender page's) and in English.
 */
export const RED_FLAG_NAMES: Readonly<Record<string, { uk: string; en: string }>> = {
  R003: { uk: 'Короткий строк подання пропозицій', en: 'Short submission period' },
  R018: { uk: 'Одна пропозиція', en: 'Single bid received' },
  R024: { uk: 'Ціна, близька до переможної', en: 'Price close to winning bid' },
  R028: { uk: 'Однакові ціни пропозицій', en: 'Identical bid prices' },
  R030: { uk: 'Переможна пропозиція подана із запізненням', en: 'Late bid won' },
  R035: { uk: 'Дискваліфіковано всіх, крім переможця', en: 'All except winning bid disqualified' },
  R036: { uk: 'Дискваліфіковано найнижчу пропозицію', en: 'Lowest bid disqualified' },
  R038: { uk: 'Надмірна частка дискваліфікацій', en: 'Excessive disqualified bids' },
  R058: { uk: 'Пропозиція з великою знижкою', en: 'Heavily discounted bid' },
};

/**
 * The red flags of a member's `redFlags` codes, in their order: one per known code (an
 * unknown code or a repeated one is left out), its methodology the portal's page
 * `/info/red-flags#<code>`. Empty when the member carries none (then the field is left out).
 */
export function ocdsRedFlags(codes: unknown, origin: string): OcdsRedFlag[] {
  if (!Array.isArray(codes)) return [];
  const seen = new Set<string>();
  const out: OcdsRedFlag[] = [];
  for (const code of codes) {
    if (typeof code !== 'string' || seen.has(code) || !Object.hasOwn(RED_FLAG_NAMES, code)) continue;
    seen.add(code);
    const name = RED_FLAG_NAMES[code];
    out.push({ code, title: name.uk, title_en: name.en, methodology: `${origin}/info/red-flags#${code.toLowerCase()}` });
  }
  return out;
}
