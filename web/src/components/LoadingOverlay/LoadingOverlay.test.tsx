import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './LoadingOverlay';
import { render } from '../test-utils';

describe('LoadingOverlay', () => {
  it('is a live status with the translated text', () => {
    const out = render(<LoadingOverlay />);
    expect(out).toContain('role="status"');
    expect(out).toContain('aria-live="polite"');
    expect(out).toContain('Завантаження…');
    expect(render(<LoadingOverlay />, { language: 'en' })).toContain('Loading…');
  });
});
