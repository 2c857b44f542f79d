/**
 * The page a browser shows for a feed: `[/en]/feed.xsl`, an XSLT 1.0 stylesheet the
 * search feeds name in their `<?xml-stylesheet?>` instruction (`atom.ts`). Opened in a
 * browser, a feed was raw XML; with it the browser renders a short page in the feed's
 * language: what a feed is, how to subscribe (its address, to paste into a feed reader),
 * the search it follows, and its entries with their facts and red flags. Feed readers
 * ignore the instruction and read the Atom as before.
 *
 * It is served by the portal, from the feed's own origin: browsers apply only a
 * same-origin stylesheet, and the Content-Security-Policy counts one as a script
 * (`script-src 'self'`). The page it makes carries no script and no inline style: its
 * look is `/docs/feed.css` (`style-src 'self'`). The texts are the translations', written
 * into the stylesheet when it is made, so one stylesheet per language.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { localizedPath } from '../lib/paths';
import type { Context, MachineDocument, Step } from './types';
import { hash, xml } from './types';

/** Where a feed in `language` finds its stylesheet: a path, so always the feed's own origin. */
export const feedStylesheetPath = (language: Language): string => localizedPath(language, '/feed.xsl');

/** The page's own look, a static file of the client (`web/public/docs/`). */
export const FEED_PAGE_CSS = '/docs/feed.css';

/**
 * The stylesheet's text in `language`. An entry's summary shows a line a fact (template
 * `lines`: XSLT 1.0 has no tokenize) but its line of red flags (`flagsLine`), which the
 * page shows linked instead, from the entry's categories. No comments in it: the tests'
 * strict XML reader reads it as it reads the feeds.
 */
export function feedStylesheet(t: TFunction, language: Language): string {
  const k = (key: string) => xml(t(`machine.feedPage.${key}`));
  return `<?xml version="1.0" encoding="utf-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:atom="http://www.w3.org/2005/Atom" exclude-result-prefixes="atom">
<xsl:output method="html" encoding="utf-8" indent="no" doctype-system="about:legacy-compat"/>
<xsl:variable name="flagsLine">${xml(t('redFlags.filter'))}: </xsl:variable>
<xsl:template match="/">
<html lang="${language}">
<head>
<meta name="viewport" content="width=device-width,initial-scale=1"/>
<meta name="robots" content="noindex"/>
<link rel="icon" href="data:,"/>
<title><xsl:value-of select="atom:feed/atom:title"/></title>
<link rel="stylesheet" href="${FEED_PAGE_CSS}"/>
</head>
<body>
<main class="feed-page">
<p class="feed-kind">${k('kind')}</p>
<h1><xsl:value-of select="atom:feed/atom:title"/></h1>
<p>${k('what')}</p>
<h2>${k('howTo')}</h2>
<p>${k('subscribe')}</p>
<p class="feed-address"><code><xsl:value-of select="atom:feed/atom:link[@rel='self']/@href"/></code></p>
<xsl:for-each select="atom:feed/atom:link[@rel='alternate'][1]">
<p><a href="{@href}">${k('search')}</a></p>
</xsl:for-each>
<h2>${k('entries')}</h2>
<p class="feed-subtitle"><xsl:value-of select="atom:feed/atom:subtitle"/></p>
<xsl:choose>
<xsl:when test="atom:feed/atom:entry">
<ol class="feed-entries">
<xsl:for-each select="atom:feed/atom:entry">
<li class="feed-entry">
<h3><a href="{atom:link[@rel='alternate']/@href}"><xsl:value-of select="atom:title"/></a></h3>
<xsl:if test="normalize-space(atom:summary)">
<ul class="feed-facts"><xsl:call-template name="lines"><xsl:with-param name="text" select="atom:summary"/></xsl:call-template></ul>
</xsl:if>
<xsl:if test="atom:category">
<p class="feed-flags">${xml(t('redFlags.filter'))}: <xsl:for-each select="atom:category"><xsl:if test="position() &gt; 1">; </xsl:if><a href="{@scheme}#{translate(@term, 'RABCDEFGHIJKLMNOPQSTUVWXYZ', 'rabcdefghijklmnopqstuvwxyz')}"><xsl:value-of select="@label"/></a></xsl:for-each></p>
</xsl:if>
</li>
</xsl:for-each>
</ol>
</xsl:when>
<xsl:otherwise><p>${k('empty')}</p></xsl:otherwise>
</xsl:choose>
</main>
</body>
</html>
</xsl:template>
<xsl:template name="lines">
<xsl:param name="text"/>
<xsl:variable name="line" select="substring-before(concat($text, '&#10;'), '&#10;')"/>
<xsl:if test="normalize-space($line) and not(starts-with($line, $flagsLine))"><li><xsl:value-of select="$line"/></li></xsl:if>
<xsl:if test="contains($text, '&#10;')"><xsl:call-template name="lines"><xsl:with-param name="text" select="substring-after($text, '&#10;')"/></xsl:call-template></xsl:if>
</xsl:template>
</xsl:stylesheet>
`;
}

/** `[/en]/feed.xsl`: whole at the first step (it reads no upstream answer). */
export const feedStylesheetDocument: MachineDocument = {
  first: ({ t, language }: Context): Step => {
    const text = feedStylesheet(t, language);
    return {
      status: 200,
      contentType: 'application/xslt+xml; charset=utf-8',
      // It changes with a release only (the server adds its release to the validator).
      cacheControl: 'public, max-age=3600',
      etag: hash(text),
      text,
    };
  },
  step: (): Step => ({ status: 404, text: '' }),
};
