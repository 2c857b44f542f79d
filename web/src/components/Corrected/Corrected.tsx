/**
 * Above the results of a keyword search the upstream answered with its typo fallback
 * (nothing matched the words as typed, so words of five or more letters were read with
 * one letter wrong): what it searched for instead, and a link to the search as typed
 * (`exact=1`, which turns the fallback off). The registers' search and the Market's
 * lists show it; without `search.corrected` in the answer it is nothing. A keyword with
 * Russian words read as the Ukrainian words they mean (`search.translated`) gets the same
 * notice: «Шукаємо «миючий засіб» (ви ввели «моющие средства»)».
 */
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { SearchInfo } from '../../lib/keyword';

export function Corrected({ search, keyword, exactHref }: { search?: SearchInfo; keyword?: string; exactHref: string }) {
  const { t } = useTranslation();
  const corrected = search?.corrected;
  const translated = search?.translated;
  if (!(corrected || translated) || !keyword) return null;
  return (
    <p className="notice search-corrected" role="status">
      {corrected ? t('search.corrected', { corrected }) : t('search.translated', { translated, keyword })}{' '}
      <AppLink to={exactHref}>{t('search.exact', { keyword })}</AppLink>
    </p>
  );
}
