/**
 * A price page (`/prices/{cpv}`, issue 47): what buyers paid per unit for a CPV code and
 * the codes under it, one part per unit of measure, currency and VAT flag (prices in
 * different units, currencies or VAT terms do not compare): the distribution as a chart
 * drawn by the server, the newest prices behind it (outliers marked, never hidden), the
 * buyers who paid the most and the least, and the group's rows as CSV and XLSX. A plain
 * GET form filters them by unit, region, procedure type and period, so the page works
 * without JavaScript. Everything comes from the upstream's price answer; the
 * classifier's answers name the code, its parent and its children when they are there.
 */
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router';
import { AppLink, OrgLink } from '../../components/AppLink/AppLink';
import { DataTable, Row } from '../../components/DataTable/DataTable';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../contract';
import { dataOf } from '../../lib/data';
import { formatDate } from '../../lib/dates';
import { methodLabel, regionLabel } from '../../lib/enums';
import { METHOD_TYPES } from '../../lib/filters';
import { formatNumber } from '../../lib/format';
import { perUnit } from '../../lib/price';
import { localizedPath } from '../../lib/paths';
import type { RouteContext } from '../../lib/routeModule';
import { quantityText, unitName, type Unit } from '../../records/parts';
import { cpvDigits, groupAnchor, type BuyerPrices, type PriceGroup, type PriceObservation } from '../../records/prices';
import { usePageState } from '../../state';
import { codeNode, nodeLabel, nodesOf, pricesOf } from './data';
import { Distribution, statMoney } from './Distribution';
import { filtered, parsePriceFilters, priceQuery, type PriceFilters } from './query';
import { groupExportQuery, groupName, priceExportUrl } from './groups';

export { jsonLd, meta } from './meta';

/** The canonical query: the filters, normalised (`query.ts`). */
export const canonicalQuery = (ctx: RouteContext): string => priceQuery(parsePriceFilters(ctx.query));

export default function Prices() {
  const state = usePageState();
  const { t } = useTranslation();
  const { language } = state;
  // The last segment of the path (`/en/prices/33140000-3`): the route's `:cpv`, which the guard checked.
  const location = useLocation();
  const digits = (location.pathname.split('/').filter(Boolean).pop() ?? '').slice(0, 8);
  const filters = parsePriceFilters(new URLSearchParams(location.search));
  const answer = dataOf(state, 'prices', pricesOf);
  const node = codeNode(state, digits, answer);
  const [parent] = nodesOf(state, 'parent');
  const children = nodesOf(state, 'children');
  const code = nodeLabel(node, answer?.cpv ?? digits, language);
  const groups = answer?.groups ?? [];
  const query = priceQuery(filters);
  const withQuery = (path: string) => (query ? `${path}?${query}` : path);
  const count = (n: number) => formatNumber(n, 0, language);

  return (
    <article className="page prices-page" aria-labelledby="prices-title">
      {parent && (
        <nav className="breadcrumbs" aria-label={t('prices.trail')}>
          <ol>
            <li><AppLink to={withQuery(`/prices/${parent.id.slice(0, 8)}`)}>{nodeLabel(parent, parent.id, language)}</AppLink></li>
            <li aria-current="page">{code}</li>
          </ol>
        </nav>
      )}
      <h1 id="prices-title" className="page-title">{t('prices.title', { code })}</h1>
      <p className="prices-lead">{t('prices.lead')}</p>

      <Filters key={location.search} digits={digits} filters={filters} units={groups.map((g) => g.unit)} t={t} language={language} />

      {groups.length === 0 ? (
        <p className="prices-none">
          {t(filtered(filters) ? 'prices.noneFiltered' : 'prices.none', { code })}{' '}
          {filtered(filters) && <AppLink to={`/prices/${digits}`}>{t('prices.filters.reset')}</AppLink>}
        </p>
      ) : (
        <>
          <p>{t('prices.total', { count: answer?.total ?? 0, formatted: count(answer?.total ?? 0), groups: count(groups.length) })}</p>
          {groups.length > 1 && (
            <nav aria-label={t('prices.groups')}>
              <ul className="prices-groups">
                {groups.map((g) => (
                  <li key={groupAnchor(g)}>
                    <a href={`#${groupAnchor(g)}`}>{groupName(g, t, language)}</a> <span className="muted">({count(g.count)})</span>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {groups.map((g) => (
            <Group key={groupAnchor(g)} group={g} digits={digits} filters={filters} t={t} language={language} />
          ))}
        </>
      )}

      {children.length > 0 && (
        <section className="prices-children" aria-labelledby="prices-children-title">
          <h2 id="prices-children-title">{t('prices.children')}</h2>
          <ul>
            {children.map((c) => (
              <li key={c.id}><AppLink to={withQuery(`/prices/${cpvDigits(c.id.slice(0, 8))}`)}>{nodeLabel(c, c.id, language)}</AppLink></li>
            ))}
          </ul>
        </section>
      )}
      <p className="muted prices-method">{t('prices.method')}</p>
    </article>
  );
}

/** The filter form: a GET form of the page's own address, which works without JavaScript. */
function Filters({ digits, filters, units, t, language }: { digits: string; filters: PriceFilters; units: Unit[]; t: TFunction; language: Language }) {
  const regions = Object.keys((t('regions', { returnObjects: true }) as Record<string, string> | string) || {});
  // The units the answer has, and the one asked for (a filtered answer has that one only, or none).
  const unitCodes = [...new Set([...units.map((u) => u.code), filters.unit].filter((c): c is string => !!c))];
  const named = new Map(units.map((u) => [u.code, u]));
  return (
    <form className="prices-filters" method="get" action={localizedPath(language, `/prices/${digits}`)} role="search" aria-label={t('prices.filters.title')}>
      <label className="filter-field">
        <span>{t('prices.filters.unit')}</span>
        <select name="unit" defaultValue={filters.unit ?? ''}>
          <option value="">{t('prices.filters.any')}</option>
          {unitCodes.map((c) => (
            <option key={c} value={c}>{unitName(t, named.get(c) ?? { code: c }, language) || c}</option>
          ))}
        </select>
      </label>
      <label className="filter-field">
        <span>{t('prices.filters.region')}</span>
        <select name="region" defaultValue={filters.region ?? ''}>
          <option value="">{t('prices.filters.any')}</option>
          {filters.region && !regions.includes(filters.region) && <option value={filters.region}>{filters.region}</option>}
          {regions.map((r) => <option key={r} value={r}>{regionLabel(t, r)}</option>)}
        </select>
      </label>
      <label className="filter-field">
        <span>{t('prices.filters.method')}</span>
        <select name="procurementMethodType" defaultValue={filters.methods[0] ?? ''}>
          <option value="">{t('prices.filters.any')}</option>
          {METHOD_TYPES.map((m) => <option key={m} value={m}>{methodLabel(t, m)}</option>)}
        </select>
      </label>
      {/* A second procedure type from an address (the form chooses one) is kept. */}
      {filters.methods.slice(1).map((m) => <input key={m} type="hidden" name="procurementMethodType" value={m} />)}
      <label className="filter-field">
        <span>{t('prices.filters.dateFrom')}</span>
        <input type="date" name="dateFrom" defaultValue={filters.dateFrom ?? ''} />
      </label>
      <label className="filter-field">
        <span>{t('prices.filters.dateTo')}</span>
        <input type="date" name="dateTo" defaultValue={filters.dateTo ?? ''} />
      </label>
      <p className="prices-filter-actions">
        <button type="submit" className="button button-primary">{t('prices.filters.apply')}</button>
        {filtered(filters) && <AppLink to={`/prices/${digits}`}>{t('prices.filters.reset')}</AppLink>}
      </p>
    </form>
  );
}

function Group({ group: g, digits, filters, t, language }: { group: PriceGroup; digits: string; filters: PriceFilters; t: TFunction; language: Language }) {
  const anchor = groupAnchor(g);
  const name = groupName(g, t, language);
  const per = perUnit(t, unitName(t, g.unit, language), language) || g.unit.code || '';
  const exportQuery = groupExportQuery(filters, g);
  const count = (n: number) => formatNumber(n, 0, language);
  return (
    <section id={anchor} className="prices-group tender-section" aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`}>{name}</h2>
      <p className="muted">{t('prices.count', { count: g.count, formatted: count(g.count) })}</p>
      <Distribution group={g} per={per} t={t} language={language} />
      <p className="machine-links">
        <span>{t('prices.download')}</span>
        <a href={priceExportUrl(digits, 'xlsx', language, exportQuery)} type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" download>{t('machine.xlsx')}</a>
        <a href={priceExportUrl(digits, 'csv', language, exportQuery)} type="text/csv" download>{t('machine.csv')}</a>
        <a href={priceExportUrl(digits, 'semicolon', language, exportQuery)} type="text/csv" download>{t('machine.semicolon')}</a>
      </p>
      <h3>{t('prices.recent.title')}</h3>
      <p className="muted">{t('prices.recent.note', { shown: count(g.recent.length), count: g.count, formatted: count(g.count) })}</p>
      <Recent rows={g.recent} t={t} language={language} />
      <div className="prices-buyers">
        <Buyers title={t('prices.buyers.highest')} rows={g.highest} currency={g.currency} t={t} language={language} />
        <Buyers title={t('prices.buyers.lowest')} rows={g.lowest} currency={g.currency} t={t} language={language} />
      </div>
    </section>
  );
}

/** The newest prices behind a group: an outlier's row is marked, and says which fence it is past. */
function Recent({ rows, t, language }: { rows: PriceObservation[]; t: TFunction; language: Language }) {
  if (rows.length === 0) return null;
  const columns = ['date', 'tender', 'buyer', 'supplier', 'quantity', 'price'].map((c) => t(`prices.recent.col.${c}`));
  return (
    <DataTable head={columns}>
      {rows.map((o, i) => (
        <Row key={`${o.tender ?? ''}-${o.awardId ?? ''}-${i}`} className={o.outlier ? 'price-outlier-row' : undefined}>
          <td className="nowrap">{formatDate(o.date, language)}</td>
          <th scope="row">
            {o.tenderID ? <AppLink to={`/tenders/${encodeURIComponent(o.tenderID)}`}>{o.tenderID}</AppLink> : o.tender}
            {o.description && <div className="muted">{o.description}</div>}
          </th>
          <td><OrgLink role="buyer" id={o.buyer?.id}>{o.buyer?.name || o.buyer?.id}</OrgLink></td>
          <td><OrgLink role="supplier" id={o.supplier?.id}>{o.supplier?.name || o.supplier?.id}</OrgLink></td>
          <td className="nowrap">{typeof o.quantity === 'number' ? quantityText({ quantity: o.quantity, unit: o.unit }, t, language) : ''}</td>
          <td className="num">
            {typeof o.amount === 'number' && <data value={o.amount}>{statMoney(o.amount, o.currency ?? 'UAH', language)}</data>}
            {o.outlier && <> <strong className="price-outlier">{t(`prices.outlier.${o.outlier}`)}</strong></>}
          </td>
        </Row>
      ))}
    </DataTable>
  );
}

function Buyers({ title, rows, currency, t, language }: { title: string; rows: BuyerPrices[]; currency: string; t: TFunction; language: Language }) {
  if (rows.length === 0) return null;
  const money = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? <data value={n}>{statMoney(n, currency, language)}</data> : '');
  return (
    <div>
      <h3>{title}</h3>
      <DataTable head={['buyer', 'median', 'max', 'count'].map((c) => t(`prices.buyers.col.${c}`))}>
        {rows.map((b, i) => (
          <Row key={b.buyer?.id ?? i}>
            <th scope="row"><OrgLink role="buyer" id={b.buyer?.id}>{b.buyer?.name || b.buyer?.id}</OrgLink></th>
            <td className="num">{money(b.median)}</td>
            <td className="num">{money(b.max)}</td>
            <td className="num">{formatNumber(b.count, 0, language)}</td>
          </Row>
        ))}
      </DataTable>
    </div>
  );
}
