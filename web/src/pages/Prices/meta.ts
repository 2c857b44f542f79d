/**
 * Head tags of a price page: its title and description (the code, and the figures of its
 * largest group), and its JSON-LD: a `Dataset` (the unit prices of the code under the
 * page's filters, each group a measured variable with its range, each group's export a
 * download) and the trail from the home by the code's parent. In the page's chunk: only the head
 * needs them.
 */
import type { DataDownload, Dataset, PropertyValue } from 'schema-dts';
import type { Meta, PageChunk } from '../../lib/routeModule';
import { absoluteUrl, breadcrumbList, compact, jsonLdDocument } from '../../lib/jsonld';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { formatNumber } from '../../lib/format';
import { unitName } from '../../records/parts';
import { dataOf } from '../../lib/data';
import { codeNode, nodeLabel, nodesOf, pricesOf } from './data';
import { statMoney } from './Distribution';
import { groupExportQuery, groupName, priceExportUrl } from './groups';
import { parsePriceFilters } from './query';

/** Groups whose exports the JSON-LD lists (the largest first). */
const DOWNLOADS_MAX = 5;

export const meta: Meta = (ctx, t) => {
  const { language } = ctx.input;
  const digits = (ctx.params.cpv ?? '').slice(0, 8);
  const answer = dataOf(ctx, 'prices', pricesOf);
  const code = nodeLabel(codeNode(ctx, digits, answer), answer?.cpv ?? digits, language);
  const [g] = answer?.groups ?? [];
  const description = g
    ? t('prices.meta.description', {
        code,
        median: statMoney(g.median, g.currency, language),
        q1: statMoney(g.q1, g.currency, language),
        q3: statMoney(g.q3, g.currency, language),
        group: groupName(g, t, language),
        count: g.count,
        formatted: formatNumber(g.count, 0, language),
      })
    : t('prices.meta.none', { code });
  return { title: clip(t('prices.title', { code }), 140), description: clip(description, DESCRIPTION_MAX) };
};

/** The dataset and its trail (`PageChunk.jsonLd`): the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const { language, config } = ctx.input;
      const answer = dataOf(ctx, 'prices', pricesOf);
      if (!answer) return null;
      const digits = (ctx.params.cpv ?? '').slice(0, 8);
      const node = codeNode(ctx, digits, answer);
      const code = nodeLabel(node, answer.cpv, language);
      const filters = parsePriceFilters(ctx.query);
      const origin = config.publicOrigin.replace(/\/$/, '');
      const described = meta(ctx, t);
      const variables = answer.groups.map((g): PropertyValue => compact<PropertyValue>({
        '@type': 'PropertyValue',
        name: groupName(g, t, language),
        unitCode: g.unit.code,
        unitText: unitName(t, g.unit, language) || undefined,
        minValue: g.min,
        maxValue: g.max,
        description: t('prices.jsonLd.variable', {
          median: statMoney(g.median, g.currency, language),
          count: g.count,
          formatted: formatNumber(g.count, 0, language),
        }),
      }));
      const downloads = answer.groups.slice(0, DOWNLOADS_MAX).flatMap((g): DataDownload[] => {
        const query = groupExportQuery(filters, g);
        return [
          { '@type': 'DataDownload', name: groupName(g, t, language), encodingFormat: 'text/csv', contentUrl: origin + priceExportUrl(digits, 'csv', language, query) },
          {
            '@type': 'DataDownload',
            name: groupName(g, t, language),
            encodingFormat: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            contentUrl: origin + priceExportUrl(digits, 'xlsx', language, query),
          },
        ];
      });
      const period = filters.dateFrom || filters.dateTo ? `${filters.dateFrom ?? '..'}/${filters.dateTo ?? '..'}` : undefined;
      const dataset = compact<Dataset>({
        '@type': 'Dataset',
        '@id': `${canonical}#dataset`,
        name: described?.title ?? code,
        description: described?.description,
        url: canonical,
        identifier: answer.cpv,
        inLanguage: language,
        isAccessibleForFree: true,
        keywords: [answer.cpv, t('prices.jsonLd.keyword')],
        creator: { '@type': 'Organization', name: t('site.name'), url: `${origin}/` },
        spatialCoverage: { '@type': 'Place', name: t('prices.jsonLd.country') },
        temporalCoverage: period,
        measurementTechnique: t('prices.method'),
        variableMeasured: variables,
        distribution: downloads,
      });
      const [parent] = nodesOf(ctx, 'parent');
      // From the home, as a page without a trail of its own has (`lib/head.ts`), by the parent code's page.
      const trail = [
        { name: t('site.name'), url: absoluteUrl(ctx, '/') },
        ...(parent ? [{ name: t('prices.title', { code: nodeLabel(parent, parent.id, language) }), url: absoluteUrl(ctx, `/prices/${parent.id.slice(0, 8)}`) }] : []),
        { name: t('prices.title', { code }), url: canonical },
      ];
      return jsonLdDocument(dataset, breadcrumbList(trail));
    }
  : undefined;
