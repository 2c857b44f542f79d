/**
 * The external tender view (`/tenders/external/{tenderId}`): a tender read straight
 * from the platform's central database (the `cdb` endpoint answers `{data: tender}`)
 * rather than from this portal's search index, shown with the tender page's layout
 * and a notice saying where it comes from.
 */
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { TenderView } from '../Tender/TenderView';
import { externalTenderOf } from './data';
import { dataOf } from '../../lib/data';

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';

export default function ExternalTender({ route: _route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const tender = dataOf(usePageState(), 'external', externalTenderOf);
  if (!tender) return null;
  const notice = (
    <p className="notice external-notice" role="note">
      {t('externalTender.notice')}
      {tender.tenderID && (
        <>
          {' '}
          <AppLink to={`/tenders/${encodeURIComponent(tender.tenderID)}`}>{t('externalTender.portalView')}</AppLink>
        </>
      )}
    </p>
  );
  return <TenderView tender={tender} notice={notice} />;
}
