/**
 * The error page (SPEC §2.4). Codes 400, 403, 404 and 500 have their own variant,
 * 502-504 share the 'overloaded' one, the portal's own refusals of a request (414, 431,
 * 413) are the 400 one, and any other code shows the 404 variant. The page shows the
 * code that failed (an upstream's status, SPEC §2.5), not only its variant's.
 * The server reads `errorPage.<variant>.title` and `.text` for the head tags.
 */
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { SupportEmail } from '../SupportEmail/SupportEmail';
import { useLocation } from 'react-router';
import { CartSignIn } from '../AddToCart/CartSignIn';
import { cartPath } from '../../lib/market';
import { sitePath } from '../../lib/paths';

const CART = /^\/market\/cart(\/|$)/;

export type ErrorVariant = '400' | '403' | '404' | '500' | '503';

export function errorVariant(code: number): ErrorVariant {
  if (code === 400 || code === 403 || code === 404 || code === 500) return String(code) as ErrorVariant;
  if (code === 502 || code === 503 || code === 504) return '503';
  if (code === 413 || code === 414 || code === 431) return '400';
  return '404';
}

/** Client errors send the user back a step; server errors offer to reload the page. */
export function primaryAction(variant: ErrorVariant): 'back' | 'retry' {
  return variant === '500' || variant === '503' ? 'retry' : 'back';
}

/** Glyphs drawn inside the common illustration frame, one per variant. */
const GLYPHS: Record<ErrorVariant, string> = {
  // a warning sign: the request itself was wrong
  '400': 'M60 52l-22 38h44zM60 66v12M60 83v1',
  // a padlock
  '403': 'M47 70h26v20H47zM52 70v-7a8 8 0 0 1 16 0v7M60 78v5',
  // a magnifier: nothing found
  '404': 'M56 76m-12 0a12 12 0 1 0 24 0a12 12 0 1 0-24 0M65 85l10 10',
  // a broken gear-like server
  '500': 'M44 58h32v14H44zM44 76h32v14H44zM50 65h4M50 83h4M68 60l-6 12 6 0-6 12',
  // a gauge at its limit: overloaded
  '503': 'M40 88a20 20 0 0 1 40 0M60 88l12-14M45 80l3 2M75 80l-3 2',
};

function ErrorImage({ variant }: { variant: ErrorVariant }) {
  return (
    <svg className="error-image" viewBox="0 0 120 120" width="200" height="200" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="58" fill="#eaf1fb" />
      <rect x="24" y="36" width="72" height="64" rx="6" fill="#fff" stroke="#1f5fbf" strokeWidth="3" />
      <path d="M24 46h72" stroke="#1f5fbf" strokeWidth="3" />
      <circle cx="31" cy="41" r="1.8" fill="#1f5fbf" />
      <circle cx="37" cy="41" r="1.8" fill="#1f5fbf" />
      <path d={GLYPHS[variant]} fill="none" stroke="#1f5fbf" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ErrorPage({ code }: { code: number }) {
  const { t } = useTranslation();
  const variant = errorVariant(code);
  // The code that failed, whatever its variant: 502 stays 502, an upstream's 418 is 418.
  const shown = String(code);
  const action = primaryAction(variant);
  const location = useLocation();

  return (
    <section className="page error-page" aria-labelledby="error-title">
      <ErrorImage variant={variant} />
      <div className="error-content">
        <p className="error-code">{shown}</p>
        <h1 id="error-title" className="page-title">
          {t(`errorPage.${variant}.title`)}
        </h1>
        <p className="error-text">{t(`errorPage.${variant}.text`)}</p>
        <p className="error-text">{t(`errorPage.${variant}.details`)}</p>
        <p className="error-hint">{t(`errorPage.${variant}.hint`)}</p>
        {/* The cart is a buyer's (SPEC §2.1: a 404 for anyone else); a visitor may sign in. */}
        {code === 404 && CART.test(sitePath(location.pathname)) && <CartSignIn back={cartPath} />}
        <div className="error-actions">
          {action === 'back' ? (
            <button type="button" className="button button-primary" onClick={() => window.history.back()}>
              {t('errorPage.back')}
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              {t('errorPage.retry')}
            </button>
          )}
          <AppLink className="button" to="/">
            {t('errorPage.home')}
          </AppLink>
        </div>
        <SupportEmail className="error-support" i18nKey="errorPage.support" />
      </div>
    </section>
  );
}

export default ErrorPage;
