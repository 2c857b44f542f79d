/**
 * What a price of one unit says besides its amount (issue 46, items 7 and 10): whether it
 * includes VAT, when its value says, and the unit it is the price of (`без ПДВ за
 * послугу`, `incl. VAT per piece`). The record pages' unit prices (`components/UnitPrice`)
 * and the Market's prices (cards, product page, cart) word them alike.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';

/**
 * A unit's name in the accusative, as «за» takes it: records name units in the nominative
 * («штука», «умовна одиниця», «тисяча кубічних метрів»). A feminine noun in -а/-я and the
 * adjectives before it change (штуку, умовну одиницю, тисячу кубічних метрів,
 * кіловат-годину); masculine and neuter inanimate nouns read the same (кілограм, метр
 * квадратний, паковання), and so do abbreviations (шт., кг). The words after the noun are
 * governed by it and stay («кварту для рідин», «роботу екскаватора»): a word changes only
 * when the one before it changed and reads as an adjective.
 */
export function accusative(name: string): string {
  const words = name.split(' ');
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i];
    // Not in -а/-я, or a neuter noun in -я after a doubled consonant (паковання, покриття).
    if (!/\S[ая]$/i.test(word) || /(.)\1я$/i.test(word)) break;
    words[i] = word.slice(0, -1) + ({ а: 'у', я: 'ю', А: 'У', Я: 'Ю' } as Record<string, string>)[word.slice(-1)];
    // An adjective (-вна, -чна, -ова, -ська…) goes on to the noun after it.
    if (!/([^аеєиіїоуюян]н|[оеє]в|ьк)а$/i.test(word)) break;
  }
  return words.join(' ');
}

/** `за штуку` / `per piece`, of a unit's name in the page's language; '' without a name. */
export const perUnit = (t: TFunction, name: unknown, language: Language): string =>
  typeof name === 'string' && name.trim() ? t('unitPrice.per', { unit: language === 'uk' ? accusative(name.trim()) : name.trim() }) : '';

/** `з ПДВ` / `incl. VAT`, `без ПДВ` / `excl. VAT`, or '' when the value does not say. */
export const vatNote = (t: TFunction, included: unknown): string =>
  typeof included === 'boolean' ? t(included ? 'unitPrice.vatIncluded' : 'unitPrice.vatExcluded') : '';
