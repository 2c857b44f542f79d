/**
 * An organisation's page (`/buyers/{id}`, `/suppliers/{id}`): who it is (from the newest
 * record naming it), its totals by year, its split by procedure type and by CPV
 * division, each a chart drawn on the server with a table of the same figures beside it,
 * its newest tenders, plans and contracts, and for a supplier the buyers it won from.
 * Everything comes from answers the server prefetched (`fetches.server.ts`); a part
 * whose answer failed is left out with a note.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink, OrgLink } from '../../components/AppLink/AppLink';
import { Facts } from '../../components/Facts/Facts';
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
import type { PageRoute } from '../../lib/pageModule';
import { usePageState, type PageState } from '../../state';
import { Result } from '../Search/results';
import { BarChart } from './Chart';
import { membersOf } from '../../records/collection';
import { aggregation, organisationOf, records, sums, totalOf, type Aggregation, type Group, type Role } from './data';

/** A CPV division as `/api/classifications` names it. */
interface Division {
  id: string;
  name?: string;
  name_en?: string;
}

// The cards need only a register's name (`lib/filters`' registers would split the search page's chunk).
const [TENDERS, PLANS, CONTRACTS] = (['tenders', 'plans', 'contracts'] as const).map((name) => ({ name }) as Register);

export { jsonLd, meta } from './meta';

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
      <table className="org-table">
        <thead>
          <tr>
            <th scope="col">{t('organisation.years.year')}</th>
            {series.map(([key]) => (
              <FigureHeads key={key} count={t(`organisation.years.${key}.${role}`)} value={t(`organisation.years.${key}Value`)} />
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y}>
              <th scope="row">{y}</th>
              {series.map(([key, a]) => <FigureCells key={key} figures={cell(at(a, y), language)} count={count} />)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('organisation.total')}</th>
            {series.map(([key, a]) => <FigureCells key={key} figures={cell(a ?? undefined, language)} count={count} />)}
          </tr>
        </tfoot>
      </table>
    </Figure>
  );
}

function FigureHeads({ count, value }: { count: string; value: string }) {
  return (
    <>
      <th scope="col" className="num">{count}</th>
      <th scope="col" className="num">{value}</th>
    </>
  );
}

function FigureCells({ figures: [n, value], count }: { figures: [number, string]; count: Count }) {
  return (
    <>
      <td className="num">{count(n)}</td>
      <td className="num">{value}</td>
    </>
  );
}

function Figure({ caption, chart, children }: { caption: string; chart: ReactNode; children: ReactNode }) {
  return (
    <figure className="org-figure">
      <figcaption>{caption}</figcaption>
      {chart}
      <div className="org-table-wrap">{children}</div>
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
      <table className="org-table">
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <FigureHeads count={t('organisation.count')} value={t('organisation.value')} />
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key}>
              <th scope="row">{label(g)}</th>
              <FigureCells figures={cell(g, language)} count={count} />
            </tr>
          ))}
        </tbody>
      </table>
    </Figure>
  );
}

function Buyers({ data, t, count, language }: { data: Aggregation | null; t: TFunction; count: Count; language: Language }) {
  const groups = data?.groups ?? [];
  if (groups.length === 0) return <p>{t('organisation.none')}</p>;
  return (
    <div className="org-table-wrap">
      <table className="org-table">
        <thead>
          <tr>
            <th scope="col">{t('organisation.buyers.buyer')}</th>
            <FigureHeads count={t('organisation.buyers.count')} value={t('organisation.buyers.value')} />
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key}>
              <th scope="row">
                <OrgLink role="buyer" id={g.key}>{g.name || g.key}</OrgLink> <span className="muted">{g.key}</span>
              </th>
              <FigureCells figures={cell(g, language)} count={count} />
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.totalGroups > groups.length && <p className="muted">{t('organisation.buyers.more', { count: data.totalGroups - groups.length })}</p>}
    </div>
  );
}

function Newest({ state, register, id, role, t }: { state: PageState; register: Register; id: string; role: Role; t: TFunction }) {
  const key = register.name;
  const items = records(state, key);
  const total = totalOf(state, key);
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
