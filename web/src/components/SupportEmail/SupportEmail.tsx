/**
 * A sentence with the support address as a mailto link. The translation marks the
 * link with `<mail>{{email}}</mail>`, so each language places it where its grammar
 * needs. (react-i18next's `Trans` does the same but adds about 3 KB gzipped.)
 */
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';

/** Splits `before <mail>link</mail> after`; no markers means the whole text is `before`. */
export function splitMailMarkup(text: string): { before: string; link: string | null; after: string } {
  const m = /^([\s\S]*)<mail>([\s\S]*)<\/mail>([\s\S]*)$/.exec(text);
  return m ? { before: m[1], link: m[2], after: m[3] } : { before: text, link: null, after: '' };
}

export function SupportEmail({ i18nKey, className }: { i18nKey: string; className?: string }) {
  const { t } = useTranslation();
  const email = usePageState().config.supportEmail;
  const { before, link, after } = splitMailMarkup(t(i18nKey, { email }));
  return (
    <p className={className}>
      {before}
      {link !== null && <a href={`mailto:${email}`}>{link}</a>}
      {after}
    </p>
  );
}
