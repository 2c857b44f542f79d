/**
 * What a follow e-mail's link did: the follow confirmed (and how often mails will come),
 * or the follows stopped, with the records they concern linked. The users API did it
 * when the server asked (`route.ts`); this page only says so.
 */
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { dataOf } from '../../lib/data';
import type { PageRoute } from '../../lib/routeModule';
import { followTokenOutcomeOf, recordPath } from '../../records/events';
import { usePageState } from '../../state';

export default function FollowLink({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const outcome = dataOf(usePageState(), 'outcome', followTokenOutcomeOf);
  const confirmed = outcome?.state === 'confirmed';
  return (
    <section className="container account-page" aria-labelledby="page-title">
      <h1 id="page-title">{t(`pages.${route.name}.title`)}</h1>
      {outcome && (
        <>
          <p className="form-note" role="status">{t(confirmed ? 'followLink.confirmed' : 'followLink.unsubscribed')}</p>
          {outcome.items.length > 0 && (
            <>
              <p>{t('followLink.items')}</p>
              <ul>
                {outcome.items.map((item) => (
                  <li key={`${item.register}/${item.key}`}>
                    {t(`follow.registers.${item.register}`)}{' '}
                    <AppLink to={recordPath(item.register, item.key)}>{item.title ? `${item.key}: ${item.title}` : item.key}</AppLink>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            {!confirmed
              ? t('followLink.again')
              : outcome.frequency
                ? t('followLink.frequencyChosen', { frequency: t(`follow.frequencies.${outcome.frequency}`) })
                : t('followLink.frequency')}
          </p>
        </>
      )}
    </section>
  );
}
