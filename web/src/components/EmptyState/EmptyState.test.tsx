import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';
import { links, render } from '../test-utils';

describe('EmptyState', () => {
  it('shows the title and the text', () => {
    const out = render(<EmptyState title="Профілів не знайдено" text="За цими характеристиками нічого не знайдено." />);
    expect(out).toContain('<h2 class="empty-state-title">Профілів не знайдено</h2>');
    expect(out).toContain('За цими характеристиками нічого не знайдено.');
    expect(out).not.toContain('<a');
    expect(out).not.toContain('<button');
  });

  it('renders a `to` action as a link in the current language', () => {
    const out = render(<EmptyState title="T" text="X" action={{ label: 'До тендерів', to: '/tenders' }} />, { language: 'en', url: '/en/plans' });
    expect(links(out)).toMatchObject([{ href: '/en/tenders', text: 'До тендерів' }]);
  });

  it('renders an `onClick` action as a button', () => {
    const out = render(<EmptyState title="T" text="X" action={{ label: 'Скинути', onClick: () => {} }} />);
    expect(out).toContain('<button type="button" class="button button-primary">Скинути</button>');
  });
});
