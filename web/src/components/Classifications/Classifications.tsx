/** Classifier codes as the record pages show them (items of tenders, plans, contracts). */
import type { Language } from '../../contract';
import { useTranslation } from '../../i18n/react';
import { codeLabel } from '../../lib/enums';
import { usePageState } from '../../state';
import { englishCpvName } from './englishNames';
import { list, localized, type Classification, type Item } from '../../records/parts';

/**
 * `ДК021 03111000-2 Насіння` / `CPV 03111000-2 Seeds`: the scheme (muted, its name in the
 * page's language: the records write Ukrainian scheme names), the code and the description
 * in the page's language.
 */
export function ClassificationText({ c, language }: { c: Classification; language: Language }) {
  const { t } = useTranslation();
  const state = usePageState();
  const english = language === 'en' && !c.description_en && c.id ? englishCpvName(state, c.id) : undefined;
  const text = english ?? localized(c, 'description', language);
  return (
    <>
      {c.scheme && <span className="muted">{codeLabel(t, 'classificationSchemes', c.scheme)} </span>}
      {c.id && <span className="code">{c.id}</span>}
      {text && `${c.id ? ' ' : ''}${text}`}
    </>
  );
}

/** An item's classification and its additional ones, one a line. */
export function Classifications({ item, language }: { item: Pick<Item, 'classification' | 'additionalClassifications'>; language: Language }) {
  return (
    <ul className="plain">
      {[item.classification, ...list(item.additionalClassifications)]
        .filter((c): c is Classification => !!c && typeof c === 'object')
        .map((c, i) => (
          <li key={i}><ClassificationText c={c} language={language} /></li>
        ))}
    </ul>
  );
}
