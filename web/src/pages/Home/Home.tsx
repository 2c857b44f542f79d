/** Home: the tender search block (filled in by the tender-search issue) and quick links. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="page page-home">
      <div id="search" className="search-block">
        <h1 className="page-title">{t('pages.home.heading')}</h1>
        <form className="search-form" method="get" action="tenders" role="search">
          <label className="visually-hidden" htmlFor="keyword">{t('search.keywordLabel')}</label>
          <input id="keyword" name="keyword" type="search" placeholder={t('search.keywordPlaceholder')} />
          <button type="submit" className="button button-primary">{t('search.submit')}</button>
        </form>
      </div>
      <nav className="home-links" aria-label={t('pages.home.sections')}>
        <Link to="/tenders">{t('pages.tenderList.title')}</Link>
        <Link to="/plans">{t('pages.planList.title')}</Link>
        <Link to="/contracts">{t('pages.contractList.title')}</Link>
        <Link to="/market">{t('pages.market.title')}</Link>
      </nav>
    </section>
  );
}
