import { describe, expect, it } from 'vitest';
import { OrganisationOffer } from './OrganisationOffer';
import { render } from '../../components/test-utils';

const answer = (id: string, legalName: string) => ({ ok: true as const, body: { 'hydra:member': [{ id, legalName }], 'hydra:totalItems': 1 } });

describe('the organisation pages offered above a code search', () => {
  it('names a company code ЄДРПОУ and a person\'s tax number РНОКПП', () => {
    const html = render(<OrganisationOffer />, {
      language: 'uk',
      url: '/tenders?keyword=3012345678',
      data: { buyerOf: answer('01234567', 'Лікарня'), supplierOf: answer('3012345678', 'ФОП Іваненко') },
    });
    expect(html).toContain('Сторінка замовника: Лікарня, ЄДРПОУ 01234567');
    expect(html).toContain('Сторінка постачальника: ФОП Іваненко, РНОКПП 3012345678');
    expect(html).not.toContain('ЄДРПОУ 3012345678');
  });
  it('in English too', () => {
    const html = render(<OrganisationOffer />, { language: 'en', url: '/en/tenders', data: { supplierOf: answer('3012345678', 'Ivanenko') } });
    expect(html).toContain('Supplier&#x27;s page: Ivanenko, RNOKPP 3012345678');
  });
});
