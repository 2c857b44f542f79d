/**
 * An organisation's page (`/buyers/{id}`, `/suppliers/{id}`): who it is (from the newest
 * record naming it), its totals by year, its split by procedure type and by CPV
 * division, each a chart drawn on the server with a table of the same figures beside it,
 * its red flags (the share of its tenders raising each red flag; a buyer's
 * beside that of all tenders of the procedure types it used), its newest tenders, plans
 * and contracts, and for a supplier the buyers it won from.
 * Everything comes from answers the server prefetched (`fetches.server.ts`); a part
 * whose answer failed is left out with a note; the red flags, which a search service
 * that computes none does not answer, are left out without one.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink, OrgLink } from '../../components/AppLink/AppLink';
import { Row, RowLabels } from '../../components/DataTable/DataTable';
import { Facts } from '../../components/Facts/Facts';
import { Follow as FollowOnServer } from '../../components/Follow/Follow.server';
import { RegisterLinks, registerHref } from '../../components/RegisterLinks/RegisterLinks';
import { Section } from '../../components/Section/Section';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { failed } from '../../lib/data';
import { dataOf } from '../../lib/data';
import { methodLabel } from '../../lib/enums';
import type { Register } from '../../lib/filters';
import { formatNumber } from '../../lib/format';
import { addressLine, localized } from '../../records/parts';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState, type PageState } from '../../state';
import { Result } from '../Search/results';
import { BarChart, GroupedBarChart } from './Chart';
import { membersOf } from '../../records/collection';
import { RED_FLAG_CODES } from '../../records/redFlags';
import {
  aggregation, organisationOf, records, redFlagsOf, sums, totalAt, type Aggregation, type Group, type RedFlagShare, type Role,
} from './data';

/** A CPV division as `/api/classifications` names it. */
interface Division {
  id: string;
  name?: string;
  name_en?: string;
}

// The cards need only a register's name (`lib/filters`' registers would split the search page's chunk).
const [TENDERS, PLANS, CONTRACTS] = (['tenders', 'plans', 'contracts'] as const).map((name) => ({ name }) as Register);

// Following (`components/Follow`): the server renders it in place; the browser loads it as
// a chunk of its own, and hydration keeps the server's markup until it is in.
const Follow = __SERVER__ ? FollowOnServer : lazy(() => import('../../components/Follow/Follow'));

export { jsonLd, links, meta } from './meta';

/** CPV divisions charted (the table lists them all). */
const DIVISIONS_CHARTED = 15;

export default function Organisation({ route }: { route: PageRoute }) {
  const state = usePageState();
  const { t } = useTranslation();
  const role = route.name as Role;
  // The last segment of the path (`/en/buyers/12345678`): the route's `:edrpou`.
  const id = decodeURIComponent(useLocation().pathname.split('/').pop() ?? '');
  return <OrganisationView role={role} id={id} state={state} t={t} />;
}

export function OrganisationView({ role, id, state, t }: { role: Role; id: string; state: PageState; t: TFunction }) {
  const language = state.language;
  const org = organisationOf(state, role, id);
  const name = localized(org ?? undefined, 'name', language) || org?.identifier?.legalName || id;
  const legalName = org?.identifier?.legalName;
  const count = (n: number) => formatNumber(n, 0, language);
  const kind = role === 'buyer' ? org?.kind && t(`plan.kinds.${org.kind}`, { defaultValue: org.kind }) : org?.scale && t(`contract.scales.${org.scale}`, { defaultValue: org.scale });
  const names = membersOf<Division>(dataOf<unknown>(state, 'divisionNames'));
  const divisionName = (code: string) => {
    const node = names.find((n) => n.id === code);
    return node ? `${code.slice(0, 2)} ${(language === 'en' && node.name_en) || node.name || ''}`.trim() : code;
  };
  const unavailable = (...keys: string[]) => keys.some((k) => failed(state, k)) && <Unavailable />;

  return (
    <article className="organisation">
      <header className="tender-header">
        <p className="muted">{t(`organisation.${role}`)}</p>
        <h1>{name}</h1>
        {role === 'buyer' && (
          <Suspense fallback={null}>
            <Follow register="buyers" recordKey={id} target={id} />
          </Suspense>
        )}
      </header>
      <Facts
        rows={[
          [t('organisation.identifier'), [org?.identifier?.scheme, id].filter(Boolean).join(' '), 'code'],
          [t('organisation.legalName'), legalName !== name && legalName],
          [t('organisation.address'), addressLine(org?.address)],
          [t(role === 'buyer' ? 'organisation.kind' : 'organisation.scale'), kind],
        ]}
      />
      <RegisterLinks filter={role === 'buyer' ? 'organizer' : 'supplier'} id={id} />

      <Section id="years" title={t('organisation.years.title')}>
        {unavailable('tenderYears', 'contractYears', ...(role === 'buyer' ? ['planYears'] : [])) || (
          <Years role={role} state={state} t={t} count={count} language={language} />
        )}
      </Section>

      <Section id="methods" title={t(`organisation.methods.title.${role}`)}>
        {unavailable('methods') || (
          <Split
            data={aggregation(state, 'methods')}
            head={t('organisation.methods.method')}
            label={(g) => methodLabel(t, g.key)}
            caption={t(`organisation.methods.chart.${role}`)}
            t={t}
            count={count}
            language={language}
          />
        )}
      </Section>

      <Section id="divisions" title={t(`organisation.divisions.title.${role}`)}>
        {unavailable('divisions') || (
          <Split
            data={aggregation(state, 'divisions')}
            head={t('organisation.divisions.division')}
            label={(g) => divisionName(g.key)}
            caption={t(`organisation.divisions.chart.${role}`)}
            charted={DIVISIONS_CHARTED}
            t={t}
            count={count}
            language={language}
          />
        )}
      </Section>

      <RedFlags role={role} id={id} state={state} t={t} count={count} language={language} />

      {role === 'supplier' && (
        <Section id="buyers" title={t('organisation.buyers.title')}>
          {unavailable('buyers') || <Buyers data={aggregation(state, 'buyers')} t={t} count={count} language={language} />}
        </Section>
      )}

      <Newest state={state} register={TENDERS} id={id} role={role} t={t} />
      {role === 'buyer' && <Newest state={state} register={PLANS} id={id} role={role} t={t} />}
      <Newest state={state} register={CONTRACTS} id={id} role={role} t={t} />
    </article>
  );
}

type Count = (n: number) => string;

/** One figure: a count and its sums (`12 · 1 234,00 грн`). */
const cell = (tally: { count: number; value: Record<string, number> } | undefined, language: Language): [number, string] => [
  tally?.count ?? 0,
  sums(tally?.value, language),
];

function Years({ role, state, t, count, language }: { role: Role; state: PageState; t: TFunction; count: Count; language: Language }) {
  const series: Array<[key: string, data: Aggregation | null]> = [
    ['tenders', aggregation(state, 'tenderYears')],
    ['contracts', aggregation(state, 'contractYears')],
    ...(role === 'buyer' ? [['plans', aggregation(state, 'planYears')] as [string, Aggregation | null]] : []),
  ];
  const years = [...new Set(series.flatMap(([, a]) => (a?.groups ?? []).map((g) => g.key)))].sort();
  if (years.length === 0) return <p>{t('organisation.none')}</p>;
  const at = (a: Aggregation | null, year: string) => a?.groups.find((g) => g.key === year);
  // The chart shows what the organisation does most plainly: a buyer's tenders, a supplier's contracts.
  const charted = series[role === 'buyer' ? 0 : 1][1];
  return (
    <Figure
      caption={t(`organisation.years.chart.${role}`)}
      chart={<BarChart bars={years.map((y) => ({ label: y, value: at(charted, y)?.count ?? 0 }))} format={count} />}
    >
      <FigureTable
        head={[t('organisation.years.year'), ...series.flatMap(([key]) => [t(`organisation.years.${key}.${role}`), t(`organisation.years.${key}Value`)])]}
      >
        <tbody>
          {years.map((y) => (
            <Row key={y}>
              <th scope="row">{y}</th>
              {series.map(([, a]) => figureCells(cell(at(a, y), language), count))}
            </Row>
          ))}
        </tbody>
        <tfoot>
          <Row>
            <th scope="row">{t('organisation.total')}</th>
            {series.map(([, a]) => figureCells(cell(a ?? undefined, language), count))}
          </Row>
        </tfoot>
      </FigureTable>
    </Figure>
  );
}

/**
 * A table of figures: `head`, the column headings (the first the rows' own, the others
 * right-aligned figures), also the labels of the cells of its `Row`s, which a narrow box
 * shows as cards (`.table-fit`).
 */
function FigureTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="org-table-wrap table-fit">
      <table className="org-table">
        <thead>
          <tr>{head.map((h, i) => <th key={i} scope="col" className={i ? 'num' : undefined}>{h}</th>)}</tr>
        </thead>
        <RowLabels value={head}>{children}</RowLabels>
      </table>
    </div>
  );
}

/** A count and its sums, as two cells (an array: a `Row` labels each). */
function figureCells([n, value]: [number, string], count: Count) {
  return [
    <td key="count" className="num">{count(n)}</td>,
    <td key="value" className="num">{value}</td>,
  ];
}

function Figure({ caption, chart, children }: { caption: string; chart: ReactNode; children: ReactNode }) {
  return (
    <figure className="org-figure">
      <figcaption>{caption}</figcaption>
      {chart}
      {children}
    </figure>
  );
}

function Split({ data, head, label, caption, charted = 10, t, count, language }: {
  data: Aggregation | null;
  head: string;
  label: (g: Group) => string;
  caption: string;
  charted?: number;
  t: TFunction;
  count: Count;
  language: Language;
}) {
  const groups = data?.groups ?? [];
  if (groups.length === 0) return <p>{t('organisation.none')}</p>;
  return (
    <Figure caption={caption} chart={<BarChart bars={groups.slice(0, charted).map((g) => ({ label: label(g), value: g.count }))} format={count} />}>
      <FigureTable head={[head, t('organisation.count'), t('organisation.value')]}>
        <tbody>
          {groups.map((g) => (
            <Row key={g.key}>
              <th scope="row">{label(g)}</th>
              {figureCells(cell(g, language), count)}
            </Row>
          ))}
        </tbody>
      </FigureTable>
    </Figure>
  );
}

function Buyers({ data, t, count, language }: { data: Aggregation | null; t: TFunction; count: Count; language: Language }) {
  const groups = data?.groups ?? [];
  if (groups.length === 0) return <p>{t('organisation.none')}</p>;
  return (
    <>
      <FigureTable head={[t('organisation.buyers.buyer'), t('organisation.buyers.count'), t('organisation.buyers.value')]}>
        <tbody>
          {groups.map((g) => (
            <Row key={g.key}>
              <th scope="row">
                <OrgLink role="buyer" id={g.key}>{g.name || g.key}</OrgLink> <span className="muted">{g.key}</span>
              </th>
              {figureCells(cell(g, language), count)}
            </Row>
          ))}
        </tbody>
      </FigureTable>
      {data && data.totalGroups > groups.length && <p className="muted">{t('organisation.buyers.more', { count: data.totalGroups - groups.length })}</p>}
    </>
  );
}

/** The methodology of the indicators (`/info/red-flags#r018`: one indicator's part). */
const methodology = (code?: string) => `/info/red-flags${code ? `#${code.toLowerCase()}` : ''}`;

/** A translation's `before <link>link</link> after`; without markers the whole text is `before`. */
function splitLink(text: string): { before: string; link: string | null; after: string } {
  const m = /^([\s\S]*)<link>([\s\S]*)<\/link>([\s\S]*)$/.exec(text);
  return m ? { before: m[1], link: m[2], after: m[3] } : { before: text, link: null, after: '' };
}

function LinkedText({ text, to }: { text: string; to: string }) {
  const { before, link, after } = splitLink(text);
  return (
    <p>
      {before}
      {link !== null && <AppLink to={to}>{link}</AppLink>}
      {after}
    </p>
  );
}

/**
 * Red flags: for each, the share of the organisation's tenders (a
 * supplier's: those it won) that raise it among those it could be computed for, each
 * count linked to those tenders; a buyer's beside the same share among all tenders of
 * the procedure types it used. Nothing when the search service computes no red flags
 * (its answer failed or names none).
 */
function RedFlags({ role, id, state, t, count, language }: { role: Role; id: string; state: PageState; t: TFunction; count: Count; language: Language }) {
  const own = redFlagsOf(state, 'redFlags');
  if (!own) return null;
  const methods = role === 'buyer' ? redFlagsOf(state, 'methodRedFlags') : null;
  const filter = role === 'buyer' ? 'organizer' : 'supplier';
  const search = (code: string) => `${registerHref('tenders', filter, id)}&redFlag%5B0%5D=${encodeURIComponent(code)}`;
  const name = (code: string) => t(`redFlags.names.${code}`, { defaultValue: code });
  const percentOf = (n: number, of: number) => {
    const rounded = Math.round((n / of) * 1000) / 10;
    const value = n > 0 && rounded === 0 ? `<${formatNumber(0.1, undefined, language)}` : formatNumber(rounded, undefined, language);
    return t('organisation.redFlags.percent', { value });
  };
  const percent = (s: RedFlagShare) => percentOf(s.count, s.checked);
  const of = (s: RedFlagShare) => t('organisation.redFlags.of', { checked: count(s.checked) });
  const figures = (s: RedFlagShare | undefined) => (s ? `${percent(s)} (${count(s.count)} ${of(s)})` : '—');
  const compared = (code: string) => methods?.redFlags.find((f) => f.key === code);
  const legend = [t(`organisation.redFlags.series.${role}`), ...(methods ? [t('organisation.redFlags.series.methods')] : [])];
  const leftOut = RED_FLAG_CODES.filter((code) => !own.redFlags.some((f) => f.key === code));
  const share = (s: RedFlagShare) => (
    <>
      {percent(s)} (<AppLink to={search(s.key)}>{count(s.count)}</AppLink> {of(s)})
    </>
  );
  return (
    <Section id="red-flags" title={t('organisation.redFlags.title')}>
      {role === 'supplier' && own.any && own.total > 0 && (
        <LinkedText
          to={search(own.any.key)}
          text={t('organisation.redFlags.anyOf', {
            count: own.total,
            formatted: count(own.total),
            raised: count(own.any.count),
            percent: percentOf(own.any.count, own.total),
          })}
        />
      )}
      <Figure
        caption={t(`organisation.redFlags.chart.${role === 'buyer' && !methods ? 'buyerAlone' : role}`)}
        chart={
          <GroupedBarChart
            legend={legend}
            groups={own.redFlags.map((f) => {
              const c = compared(f.key);
              return {
                label: `${f.key} ${name(f.key)}`,
                bars: [
                  { value: f.count / f.checked, text: figures(f) },
                  ...(methods ? [c ? { value: c.count / c.checked, text: figures(c) } : null] : []),
                ],
              };
            })}
          />
        }
      >
        <FigureTable head={[t('organisation.redFlags.indicator'), ...legend]}>
          <tbody>
            {own.redFlags.map((f) => (
              <Row key={f.key}>
                <th scope="row">
                  {f.key} <AppLink to={methodology(f.key)}>{name(f.key)}</AppLink>
                </th>
                <td className="num">{share(f)}</td>
                {methods && <td className="num">{figures(compared(f.key))}</td>}
              </Row>
            ))}
          </tbody>
          {role === 'buyer' && own.any && (
            <tfoot>
              <Row>
                <th scope="row">{t('organisation.redFlags.any')}</th>
                <td className="num">{share(own.any)}</td>
                {methods && <td className="num">{figures(methods.any ?? undefined)}</td>}
              </Row>
            </tfoot>
          )}
        </FigureTable>
      </Figure>
      {leftOut.length > 0 && (
        <p className="muted">{t(`organisation.redFlags.leftOut.${role}`, { codes: leftOut.map((code) => `${code} ${name(code)}`).join('; ') })}</p>
      )}
      <LinkedText to={methodology()} text={t('organisation.redFlags.note')} />
    </Section>
  );
}

function Newest({ state, register, id, role, t }: { state: PageState; register: Register; id: string; role: Role; t: TFunction }) {
  const key = register.name;
  const items = records(state, key);
  const total = totalAt(state, key);
  return (
    <Section id={`newest-${key}`} title={t(`organisation.newest.${key}`)}>
      {failed(state, key) ? (
        <Unavailable />
      ) : items.length === 0 ? (
        <p>{t('organisation.none')}</p>
      ) : (
        <>
          <ol className="tender-results">
            {items.map((r) => <Result key={r.id} register={register} record={r} />)}
          </ol>
          <p>
            <AppLink to={registerHref(key, role === 'buyer' ? 'organizer' : 'supplier', id)}>
              {t('organisation.newest.all', { count: total })}
            </AppLink>
          </p>
        </>
      )}
    </Section>
  );
}
