/**
 * What only the login page needs of the account exchange (kept out of the main bundle,
 * which every page loads): the hand-over to the old portal and the forms' messages.
 */
import type { TFunction } from 'i18next';
import type { FormError } from '../../lib/account';

/**
 * Opens the hand-over page in a hidden frame: it posts the new login to the old portal
 * (SPEC §7), whose answer is the frame's second load. Resolves then, or after
 * `timeoutMs` (a failure is ignored, SPEC §8).
 */
export function handOver(url: string, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'handover';
    let loads = 0;
    const done = () => {
      clearTimeout(timer);
      frame.remove();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    frame.addEventListener('load', () => {
      loads += 1;
      if (loads >= 2) done();
    });
    frame.src = url;
    document.body.appendChild(frame);
  });
}

/** The message next to a form for its error: what happened, then the status text. */
export function formErrorMessage(t: TFunction, error: FormError, step: 'login' | '2fa' | 'form' = 'form'): string {
  const withStatus = (message: string) => (error.statusText ? `${message} (${error.statusText})` : message);
  if (error.forgery) return withStatus(t('account.errors.forgery'));
  if (error.expired) return withStatus(t('account.errors.expired'));
  switch (error.status) {
    case 400:
      return withStatus(t('account.errors.missing'));
    case 401:
      return withStatus(t(step === '2fa' ? 'account.errors.code' : step === 'login' ? 'account.errors.credentials' : 'account.errors.refused'));
    case 409:
      return withStatus(t('account.errors.exists'));
    case 429:
      return withStatus(
        error.retryAfter ? t('account.errors.throttledFor', { seconds: error.retryAfter }) : t('account.errors.throttled'),
      );
    default:
      return withStatus(t('account.errors.unavailable'));
  }
}
