import { describe, expect, it } from 'vitest';
import Monitoring from './Monitoring';
import type { Monitoring as MonitoringData } from './types';
import type { PageRoute } from '../../lib/routeModule';
import { html, links, render, tr } from '../../components/test-utils';

const route = { name: 'monitoring', path: 'tenders/:tenderId/monitorings/:id/*', page: Monitoring } as PageRoute;

// The monitoring API's object shape: a monitoring that found violations and got the buyer's answers.
const addressed: MonitoringData = {
  id: '5a1b0c3d4e5f60718293a4b5c6d7e8f9',
  monitoring_id: 'UA-M-2026-09-20-000042',
  tender_id: 'f1e2d3c4b5a697887766554433221100',
  tenderID: 'UA-2026-09-09-014105-a',
  status: 'addressed',
  reasons: ['indicator', 'public'],
  procuringStages: ['awarding'],
  monitoringPeriod: { startDate: '2026-09-20T10:00:00+03:00', endDate: '2026-10-11T10:00:00+03:00' },
  eliminationPeriod: { startDate: '2026-10-05T10:00:00+03:00', endDate: '2026-10-19T10:00:00+03:00' },
  decision: { description: 'Почати моніторинг закупівлі', date: '2026-09-20T10:00:00+03:00', documents: [{ id: 'd1', title: 'Наказ.pdf', format: 'application/pdf', url: 'https://files.test/d1', datePublished: '2026-09-20T10:00:00+03:00' }] },
  posts: [
    { id: 'p1', title: 'Запит пояснень', description: 'Надайте пояснення щодо кваліфікації переможця', author: 'monitoring_owner', datePublished: '2026-09-22T10:00:00+03:00' },
    { id: 'p2', title: 'Пояснення', description: 'Переможець відповідав вимогам', author: 'tender_owner', relatedPost: 'p1', datePublished: '2026-09-24T10:00:00+03:00' },
  ],
  conclusion: {
    violationOccurred: true,
    violationType: ['corruptionAwarded', 'documentsForm'],
    auditFinding: 'Переможця визначено з порушенням',
    stringsAttached: 'Розірвати договір',
    datePublished: '2026-10-05T10:00:00+03:00',
  },
  eliminationResolution: { result: 'partly', resultByType: { corruptionAwarded: 'none' }, description: 'Частково', dateCreated: '2026-10-20T10:00:00+03:00' },
  parties: [{ id: 'sas', name: 'Управління Західного офісу Держаудитслужби у Львівській області', identifier: { scheme: 'UA-EDR', id: '40919080' }, roles: ['sas'] }],
};

describe('Monitoring page', () => {
  it('shows the monitoring in the order it happens, with the answers under their questions', () => {
    const out = render(<Monitoring route={route} />, { data: { monitoring: { ok: true, body: addressed } } });
    expect(out).toContain('UA-M-2026-09-20-000042');
    expect(out).toContain(html(tr('uk', 'monitoring.status.addressed')));
    const order = ['id="auditor"', 'id="decision"', 'id="dialogue"', 'id="conclusion"', 'id="elimination-resolution"'].map((s) => out.indexOf(s));
    expect(order.map((i) => i > 0)).toEqual(order.map(() => true));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The buyer's explanation sits inside the card of the auditor's request.
    const card = out.slice(out.indexOf('Запит пояснень'), out.indexOf('</li>', out.indexOf('Запит пояснень')));
    expect(card).toContain('Переможець відповідав вимогам');
    expect(card).toContain(html(tr('uk', 'monitoring.author.tender_owner')));
    for (const v of ['corruptionAwarded', 'documentsForm']) expect(out).toContain(html(tr('uk', `monitoring.violation.${v}`)));
    expect(out).toContain(html(tr('uk', 'monitoring.result.partly')));
    expect(out).toContain('Управління Західного офісу Держаудитслужби у Львівській області');
    expect(links(out).some((l) => l.href === '/tenders/UA-2026-09-09-014105-a')).toBe(true);
    expect(links(out).some((l) => l.href === 'https://files.test/d1')).toBe(true);
  });

  it('renders in English, and omits what the monitoring does not have yet', () => {
    const active: MonitoringData = { ...addressed, status: 'active', conclusion: undefined, eliminationResolution: undefined, posts: [] };
    const out = render(<Monitoring route={route} />, { language: 'en', url: '/en', data: { monitoring: { ok: true, body: active } } });
    expect(out).toContain(html(tr('en', 'monitoring.status.active')));
    expect(out).toContain(html(tr('en', 'monitoring.reason.indicator')));
    expect(out).not.toContain('id="conclusion"');
    expect(out).not.toContain('id="dialogue"');
    expect(out).not.toContain('id="elimination-resolution"');
  });

  it('renders nothing without its data (the route answers the error page instead)', () => {
    expect(render(<Monitoring route={route} />, { data: { monitoring: { ok: false, status: 404 } } })).toBe('');
  });
});
