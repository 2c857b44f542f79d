import { describe, expect, it } from 'vitest';
import { ErrorPage, errorVariant, primaryAction, type ErrorVariant } from './ErrorPage';
import { html, link, render, testConfig, tr } from '../test-utils';
import type { Language } from '../../contract';

const texts = (lang: Language, variant: ErrorVariant) =>
  ['title', 'text', 'details', 'hint'].map((part) => html(tr(lang, `errorPage.${variant}.${part}`)));

const buttons = (markup: string) => [...markup.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('errorVariant', () => {
  it('maps the codes of the table', () => {
    expect([400, 403, 404, 500].map(errorVariant)).toEqual(['400', '403', '404', '500']);
    expect([502, 503, 504].map(errorVariant)).toEqual(['503', '503', '503']);
  });

  it('shows the 404 variant for any other code', () => {
    expect([401, 418, 200, 501, 0, -1].map(errorVariant)).toEqual(['404', '404', '404', '404', '404', '404']);
  });

  it("shows the portal's refusals of a request a person can see as the 400 variant", () => {
    expect([413, 414, 431].map(errorVariant)).toEqual(['400', '400', '400']);
  });
});

describe('ErrorPage', () => {
  const table: Array<[number, ErrorVariant, 'back' | 'retry']> = [
    [400, '400', 'back'],
    [403, '403', 'back'],
    [404, '404', 'back'],
    [500, '500', 'retry'],
    [502, '503', 'retry'],
    [503, '503', 'retry'],
    [504, '503', 'retry'],
  ];

  it.each(table)('renders code %i with the %s texts and its primary button', (code, variant, action) => {
    for (const lang of ['uk', 'en'] as const) {
      const out = render(<ErrorPage code={code} />, { language: lang });
      for (const text of texts(lang, variant)) expect(out).toContain(text);
      expect(out).toContain(`<p class="error-code">${code}</p>`);
      expect(primaryAction(variant)).toBe(action);
      expect(buttons(out)).toEqual([html(tr(lang, `errorPage.${action}`))]);
      expect(link(out, tr(lang, 'errorPage.home')).href).toBe(lang === 'en' ? '/en' : '/');
      expect(link(out, testConfig.supportEmail).href).toBe(`mailto:${testConfig.supportEmail}`);
      expect(out).toMatch(/<svg[^>]*class="error-image"/);
    }
  });

  it('uses Back for client errors and Try again for server errors', () => {
    expect(buttons(render(<ErrorPage code={404} />))).toEqual(['Назад']);
    expect(buttons(render(<ErrorPage code={503} />))).toEqual(['Спробувати ще раз']);
  });

  it.each([401, 418, 302, 599])('renders %i as the 404 variant, showing the code that failed', (code) => {
    const out = render(<ErrorPage code={code} />);
    for (const text of texts('uk', '404')) expect(out).toContain(text);
    expect(out).toContain(`<p class="error-code">${code}</p>`);
  });

  it('has distinct texts for every variant', () => {
    const titles = (['400', '403', '404', '500', '503'] as const).map((v) => tr('uk', `errorPage.${v}.title`));
    expect(new Set(titles).size).toBe(5);
  });
});
