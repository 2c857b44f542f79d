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

  it('says when the address is not confirmed and offers the letter again as a form; a confirmed one says nothing', () => {
    const session = { email: 'n@x.ua', type: 'buyer' as const, name: 'N' };
    const page = (emailConfirmed: boolean | undefined, url = '/icabinet') =>
      render(<Cabinet />, { session, csrf: 'tok', url, data: { account: { ok: true, body: { email: 'n@x.ua', emailConfirmed } } } });
    const unconfirmed = page(false);
    expect(unconfirmed).toContain('cabinet-unconfirmed');
    expect(unconfirmed).toContain('Адресу n@x.ua ще не підтверджено');
    expect(unconfirmed).toMatch(/<input type="hidden" name="form" value="confirm-email"/);
    expect(page(false, '/icabinet?sent=1')).toContain('Лист із посиланням надіслано');
    expect(page(true)).not.toContain('cabinet-unconfirmed');
    // The platform's own users API may not say: nothing is claimed then.
    expect(page(undefined)).not.toContain('cabinet-unconfirmed');
  });
});
