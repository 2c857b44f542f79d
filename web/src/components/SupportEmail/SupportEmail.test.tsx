import { describe, expect, it } from 'vitest';
import { SupportEmail, splitMailMarkup } from './SupportEmail';
import { render, testConfig } from '../test-utils';

describe('splitMailMarkup', () => {
  it('finds the link wherever the language puts it', () => {
    expect(splitMailMarkup('Пишіть: <mail>a@b.c</mail>.')).toEqual({ before: 'Пишіть: ', link: 'a@b.c', after: '.' });
    expect(splitMailMarkup('<mail>a@b.c</mail> helps')).toEqual({ before: '', link: 'a@b.c', after: ' helps' });
  });

  it('keeps text without markers whole', () => {
    expect(splitMailMarkup('no link')).toEqual({ before: 'no link', link: null, after: '' });
  });
});

describe('SupportEmail', () => {
  it('renders the translated sentence with a mailto link', () => {
    const out = render(<SupportEmail i18nKey="footer.support" className="x" />);
    expect(out).toBe(`<p class="x">Служба підтримки: <a href="mailto:${testConfig.supportEmail}">${testConfig.supportEmail}</a></p>`);
  });
});
