/**
 * The red flags the server computed on this tender (issue 34), each raised one with its
 * name, a one-line explanation and the facts from the record, linked to the rows that
 * hold them; then those checked and not raised, and those that do not apply, with why. Worded here, never computed here.
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { formatMoney, formatNumber } from '../../../lib/format';
import { methodLabel } from '../../../lib/enums';
import { RED_FLAG_CODES, type Assessment, type BidRef, type DisqualifiedBid, type Evidence, type Outcome, type PricedBid } from '../../../records/redFlags';
import type { TenderFormatter } from '../formatter';

interface Props {
  assessment: Assessment;
  /** The anchors the page has (`bid-…`, `award-…`, `qualification-…`, `timeline`). */
  anchors: ReadonlySet<string>;
  format: TenderFormatter;
}

export default RedFlags;

export function RedFlags({ assessment, anchors, format }: Props) {
  const { t } = format;
  const byVerdict = (verdict: Outcome['verdict']) =>
    RED_FLAG_CODES.map((code) => assessment.outcomes.find((o) => o.code === code)).filter((o): o is Outcome => o?.verdict === verdict);
  const raised = byVerdict('raised');
  const clear = byVerdict('clear');
  const notApplicable = byVerdict('notApplicable');
  const name = (code: string) => `${code} · ${t(`redFlags.names.${code}`)}`;
  const method = (code: string) => <AppLink to={`/info/red-flags#${code.toLowerCase()}`}>{name(code)}</AppLink>;
  return (
    <>
      <p className="red-flags-caution">
        {t('redFlags.caution')} <AppLink to="/info/red-flags">{t('redFlags.methodology')}</AppLink>
      </p>
      <h3>{t('redFlags.raised')}</h3>
      {raised.length === 0 ? (
        <p>{t('redFlags.none')}</p>
      ) : (
        <ul className="red-flags-raised">
          {raised.map((o) => (
            <li key={o.code} id={`red-flag-${o.code.toLowerCase()}`}>
              <strong>{method(o.code)}</strong>
              <p>{t(`redFlags.explain.${o.code}`)}</p>
              {o.evidence && <EvidenceText outcome={o} evidence={o.evidence} anchors={anchors} format={format} />}
            </li>
          ))}
        </ul>
      )}
      {clear.length > 0 && (
        <>
          <h3>{t('redFlags.clear')}</h3>
          <ul className="red-flags-list">{clear.map((o) => <li key={o.code}>{method(o.code)}</li>)}</ul>
        </>
      )}
      {notApplicable.length > 0 && (
        <>
          <h3>{t('redFlags.notApplicable')}</h3>
          <ul className="red-flags-list">
            {notApplicable.map((o) => (
              <li key={o.code}>
                {method(o.code)}
                {o.reason && <span className="muted">: {t(`redFlags.reasons.${o.reason}`, { defaultValue: o.reason })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** A percentage of a fraction to one decimal (0.054 → "5,4"), as the page's language writes numbers. */
const percent = (fraction: number | undefined, format: TenderFormatter) =>
  typeof fraction === 'number' && Number.isFinite(fraction) ? formatNumber(Math.round(fraction * 1000) / 10, undefined, format.language) : '?';

const amountOf = (bid: { amount?: number; currency?: string } | undefined, format: TenderFormatter) =>
  bid && typeof bid.amount === 'number' ? formatMoney(bid.amount, bid.currency || 'UAH', format.language) : '?';

/** The sentence of one raised outcome, and links to where the record holds its facts. */
function EvidenceText({ outcome, evidence: e, anchors, format }: { outcome: Outcome; evidence: Evidence; anchors: ReadonlySet<string>; format: TenderFormatter }) {
  const { t } = format;
  const who = (bid: BidRef | DisqualifiedBid | undefined) => bid?.tenderer || bid?.tendererId || t('redFlags.evidence.unknown');
  const links: [string, string][] = [];
  const link = (anchor: string | undefined, label: string) => {
    if (anchor && anchors.has(anchor) && !links.some(([a]) => a === anchor)) links.push([anchor, label]);
  };
  const bidLink = (bid: BidRef | DisqualifiedBid | undefined) => link(bid?.bidId && `bid-${bid.bidId}`, t('redFlags.see.bid', { name: who(bid) }));
  const awardLink = (id: string | undefined, bid: BidRef | DisqualifiedBid | undefined) => link(id && `award-${id}`, t('redFlags.see.award', { name: who(bid) }));
  const qualificationLink = (id: string | undefined, bid: BidRef | DisqualifiedBid | undefined) =>
    link(id && `qualification-${id}`, t('redFlags.see.qualification', { name: who(bid) }));
  const disqualifications = (list: DisqualifiedBid[] | undefined) =>
    (list ?? []).forEach((d) => {
      awardLink(d.awardId, d);
      qualificationLink(d.qualificationId, d);
    });

  let text = '';
  switch (outcome.code) {
    case 'R003': {
      const working = e.dayKind === 'working';
      text = t('redFlags.evidence.R003', {
        start: format.date(e.startDate),
        end: format.date(e.endDate),
        days: working ? e.workingDays : e.calendarDays,
        kind: t(`redFlags.evidence.${working ? 'working' : 'calendar'}`),
        minimum: e.minimumDays,
        method: e.method ? methodLabel(t, e.method) : '?',
      });
      link('timeline', t('redFlags.see.timeline'));
      break;
    }
    case 'R018': {
      const bids = typeof e.bids === 'number' ? e.bids : 1;
      text = t('redFlags.evidence.R018', {
        count: bids,
        group: t(`redFlags.evidence.${e.methodGroup ?? 'open'}`),
        method: e.method ? methodLabel(t, e.method) : '?',
        tenderer: who(e.bid),
      });
      bidLink(e.bid);
      link('bids', t('redFlags.see.bids'));
      break;
    }
    case 'R024':
    case 'R058': {
      const winner = e.winner as PricedBid | undefined;
      text = t(`redFlags.evidence.${outcome.code}`, {
        winner: who(winner),
        winnerAmount: amountOf(winner, format),
        second: who(e.secondLowest),
        secondAmount: amountOf(e.secondLowest, format),
        percent: percent(e.difference, format),
        fence: percent(e.fence, format),
      });
      awardLink(winner?.awardId, winner);
      bidLink(e.secondLowest);
      break;
    }
    case 'R028': {
      const bids = Array.isArray(e.bids) ? e.bids : [];
      text = t('redFlags.evidence.R028', { tenderers: bids.map(who).join('; '), amount: amountOf(e, format) });
      bids.forEach(bidLink);
      break;
    }
    case 'R030':
      text = t('redFlags.evidence.R030', { winner: who(e.winner), bidDate: format.date(e.bidDate), deadline: format.date(e.tenderPeriodEnd) });
      bidLink(e.winner);
      awardLink(e.winner?.awardId, e.winner);
      break;
    case 'R035': {
      const others = Array.isArray(e.disqualified) ? e.disqualified : [];
      const names = [...new Set(others.map(who))];
      text = t('redFlags.evidence.R035', { count: e.disqualifiedTenderers ?? names.length, names: names.join('; '), winner: who(e.winner) });
      disqualifications(others);
      awardLink(e.winner?.awardId, e.winner);
      break;
    }
    case 'R036': {
      const lowest = e.lowest;
      const winner = e.winner as PricedBid | undefined;
      const values = {
        amount: amountOf(lowest, format),
        tenderer: who(lowest),
        date: format.date(lowest?.disqualifiedOn),
        percent: typeof e.percentAbove === 'number' ? percent(e.percentAbove / 100, format) : '?',
        winnerAmount: amountOf(winner, format),
        winner: who(winner),
      };
      text = t(winner ? 'redFlags.evidence.R036' : 'redFlags.evidence.R036_noWinner', values);
      awardLink(lowest?.disqualifiedAwardId, lowest);
      qualificationLink(lowest?.disqualifiedQualificationId, lowest);
      bidLink(lowest);
      awardLink(winner?.awardId, winner);
      break;
    }
    case 'R038':
      // A limit of 0 % (most tenders disqualify no bid) means any disqualification: said so, not "0 %".
      text = t(typeof e.fence === 'number' && e.fence > 0 ? 'redFlags.evidence.R038' : 'redFlags.evidence.R038_anyShare', {
        disqualified: typeof e.disqualified === 'number' ? e.disqualified : (e.disqualifiedBids ?? []).length,
        submitted: e.submitted,
        percent: percent(e.ratio, format),
        fence: percent(e.fence, format),
      });
      disqualifications(e.disqualifiedBids);
      break;
  }
  if (!text) return null;
  // The flags measured against a limit worked out from other tenders link where the methodology says how.
  const limit = outcome.code === 'R024' || outcome.code === 'R038' || outcome.code === 'R058';
  const lot = e.lotId ? format.lotTitle(e.lotId) : '';
  const sentence = lot ? t('redFlags.evidence.lot', { lot, text }) : text.charAt(0).toUpperCase() + text.slice(1);
  const otherLots = (e.otherLotsRaised ?? []).map((id) => format.lotTitle(id)).filter(Boolean);
  return (
    <>
      <p className="red-flag-evidence">
        {sentence}
        {otherLots.length > 0 && ` ${t('redFlags.evidence.otherLots', { lots: otherLots.join('; ') })}`}
        {limit && (
          <>
            {' '}
            <AppLink to={`/info/red-flags#${outcome.code.toLowerCase()}`}>{t('redFlags.evidence.limit')}</AppLink>
          </>
        )}
      </p>
      {links.length > 0 && (
        <p className="red-flag-links">
          {t('redFlags.see.label')}{' '}
          {links.map(([anchor, label], i) => (
            <span key={anchor}>
              {i > 0 && ', '}
              <a href={`#${anchor}`}>{label}</a>
            </span>
          ))}
        </p>
      )}
    </>
  );
}
