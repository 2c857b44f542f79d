/**
 * `/market`, the catalogue's home (SPEC §2.5): a search box over the products (a GET form
 * to `/market/products?keyword=…`), the market classifications as tiles with their
 * counts, the ways into the lists, and the classification tree (`Tree.tsx`).
 */
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink/AppLink';
import { Pagination } from '../../components/Pagination/Pagination';
import { useShowMore } from '../../components/Pagination/useShowMore';
import { useTranslation } from '../../i18n/react';
import type { ClassificationNode } from '../../lib/classifiers';
import { PRODUCT_LIST } from '../../market/filters';
import { dataOf } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import type { MarketClassification } from '../../lib/market';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { Breadcrumbs } from '../../market/Breadcrumbs';
import { Catalogue, ViewToggle, useCatalogueView } from '../../market/CatalogueView';
import { useFilterSubmit } from '../../market/forms';
import { HOME_PER_PAGE, homeHref, homePage } from './meta';
import { classificationsOf, recordOf, trailOf } from '../../market/meta';
import { ClassificationTile } from '../../market/tiles';
import { hasId, membersOf } from '../../records/collection';
import { ShowInTree, Tree, treeOf, useTreeState } from './Tree';

export { meta, canonicalQuery } from './meta';

export default function Market({ route: _route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const view = useCatalogueView();
  const submit = useFilterSubmit('/market/products', PRODUCT_LIST);
  const classifications = classificationsOf(state);
  // Tiles by popularity (SPEC §9), the tree by code.
  const tiles = [...classifications].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0) || (a.id < b.id ? -1 : 1));
  // A page of 24 tiles (SPEC §9); the tree below keeps every classification.
  const page = homePage(query, tiles.length);
  const hrefForPage = (p: number) => homeHref(p, query.get('open'));
  const pageOf = (p: number) => tiles.slice((p - 1) * HOME_PER_PAGE, p * HOME_PER_PAGE);
  // 'Show next N' appends the next 24 (SPEC §2.6): they are at hand already.
  const more = useShowMore<(typeof tiles)[number], HTMLUListElement>(page, pageOf);
  const divisions = membersOf<ClassificationNode>(dataOf<unknown>(state, 'divisions'), hasId);
  const tree = treeOf(classifications, divisions, state.language, (code) => t('market.tree.division', { code }));
  const opened = recordOf<MarketClassification>(state, 'open');
  const treeState = useTreeState(tree, query.get('open'), opened);
  const showInTree = (id: string) => {
    treeState.openNode(id);
    // Once the node is open (the next frame), bring it into view.
    requestAnimationFrame(() => document.getElementById(`tree-${id}`)?.scrollIntoView({ block: 'start' }));
  };

  return (
    <section className="page market-page">
      <Breadcrumbs trail={trailOf('market', state, state.language)} />
      <div className="search-block market-search">
        <h1 className="page-title">{t('market.home.heading')}</h1>
        <form className="market-search-form" method="get" action={localizedPath(state.language, '/market/products')} role="search" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="market-keyword">
            {t('market.search.label')}
          </label>
          <input id="market-keyword" name="keyword" type="search" placeholder={t('market.search.placeholder')} />
          <button type="submit" className="button button-primary">
            {t('market.search.submit')}
          </button>
        </form>
        <ul className="market-lists">
          <li>
            <AppLink to="/market/categories">{t('pages.categoryList.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/market/profiles">{t('pages.profileList.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/market/products">{t('pages.productList.title')}</AppLink>
          </li>
        </ul>
      </div>

      <section className="market-section" aria-labelledby="market-classifications">
        <div className="market-section-head">
          <h2 id="market-classifications">{t('market.home.classifications')}</h2>
          <ViewToggle {...view} />
        </div>
        <Catalogue view={view.view} label={t('market.home.classifications')} list={more.list}>
          {pageOf(page).concat(more.items).map((c) => (
            <li key={c.id}>
              <ClassificationTile item={c} />
              <ShowInTree id={c.id} onShow={showInTree} />
            </li>
          ))}
        </Catalogue>
        <Pagination page={more.page} perPage={HOME_PER_PAGE} total={tiles.length} hrefForPage={hrefForPage} onShowMore={more.next} />
      </section>

      <section id="tree" className="market-section" aria-labelledby="market-tree">
        <h2 id="market-tree">{t('market.tree.title')}</h2>
        <Tree tree={tree} state={treeState} />
      </section>
    </section>
  );
}
