import { describe, expect, it } from 'vitest';
import { ExternalLink, externalLinkProps, isLegacyHref } from './ExternalLink';
import { html, links, render, tr } from '../test-utils';

describe('isLegacyHref', () => {
  const old = 'https://old.example';
  it('accepts the old site and paths below it', () => {
    expect(isLegacyHref(old, old)).toBe(true);
    expect(isLegacyHref(`${old}/cabinet`, old)).toBe(true);
    expect(isLegacyHref(`${old}/cabinet`, `${old}/`)).toBe(true);
    expect(isLegacyHref(`${old}?a=1`, old)).toBe(true);
  });

  it('rejects look-alike hosts and other sites', () => {
    expect(isLegacyHref('https://old.example.com/x', old)).toBe(false);
    expect(isLegacyHref('https://news.example', old)).toBe(false);
    expect(isLegacyHref('/newdzo/docs/a.pdf', '')).toBe(false);
  });
});

describe('ExternalLink', () => {
  it('opens other sites in a new tab and says so', () => {
    expect(externalLinkProps('https://news.example', 'https://old.example')).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    const [l] = links(render(<ExternalLink href="https://news.example">News</ExternalLink>));
    expect(l.attrs.target).toBe('_blank');
    expect(l.text).toBe(`News ${html(tr('uk', 'common.newTab'))}`);
  });

  it('opens legacy links in the same tab', () => {
    const [l] = links(render(<ExternalLink href="https://old.portal.test/about">About</ExternalLink>));
    expect(l.attrs.target).toBeUndefined();
    expect(l.attrs.rel).toBeUndefined();
    expect(l.text).toBe('About');
  });
});
