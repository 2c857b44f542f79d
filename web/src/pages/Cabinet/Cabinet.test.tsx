import { describe, expect, it } from 'vitest';
import Cabinet, { cpvCodes } from './Cabinet';
import { render } from '../../components/test-utils';

describe('cpvCodes', () => {
  it('reads the account\'s JSON string; "" and anything else are no codes', () => {
    expect(cpvCodes('["45000000-7","09100000-0"]')).toEqual(['45000000-7', '09100000-0']);
    expect(cpvCodes('')).toEqual([]);
    expect(cpvCodes(undefined)).toEqual([]);
    expect(cpvCodes('{"a":1}')).toEqual([]);
    expect(cpvCodes('not json')).toEqual([]);
    expect(cpvCodes('[1,"03000000-1"]')).toEqual(['03000000-1']);
  });
});

describe('Cabinet', () => {
  it('shows the account, the company and the list as the picker\'s chosen codes in a POST form', () => {
    const session = { email: 's@x.ua', type: 'seller' as const, name: 'S' };
    const out = render(<Cabinet />, {
      session,
      csrf: 'tok',
      url: '/icabinet',
      data: {
        account: { ok: true, body: { email: 's@x.ua', firstName: 'Ірина', lastName: 'Т', cpvNotificationList: '["45000000-7"]' } },
        company: { ok: true, body: { name: 'ТОВ Тест', identifier: { id: '12345678' } } },
      },
    });
    expect(out).toContain('Ірина Т');
    expect(out).toContain('12345678');
    expect(out).toMatch(/<input[^>]*name="cpv"[^>]*value="45000000-7"/);
    expect(out).toMatch(/<form class="account-form"[^>]*method="post"/);
    expect(out).toContain('value="tok"');
  });
});
