import { describe, expect, it } from 'vitest';
import { SCROLL_TOP_THRESHOLD, ScrollToTop } from './ScrollToTop';
import { html, render, tr } from '../test-utils';

describe('ScrollToTop', () => {
  it('uses the 77 px threshold of the spec', () => {
    expect(SCROLL_TOP_THRESHOLD).toBe(77);
  });

  it('renders hidden on the server (and so on the first client render)', () => {
    const out = render(<ScrollToTop />);
    expect(out).toMatch(/^<button[^>]*data-testid="scroll-to-top"[^>]*hidden=""/);
    expect(out).toContain(`aria-label="${html(tr('uk', 'scrollToTop.label'))}"`);
    expect(render(<ScrollToTop />, { language: 'en' })).toContain(`aria-label="${tr('en', 'scrollToTop.label')}"`);
  });
});
