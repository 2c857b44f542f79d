/**
 * What only the account pages need of the account exchange (kept out of the main
 * bundle, which every page loads): the forms' messages.
 */
import type { TFunction } from 'i18next';
import type { FormError } from '../../lib/account';

/**
 * The message next to a form for its error: what happened, then the status text (SPEC §8)
 * in the interface's language: the users API's reason phrase is English ("Unauthorized"),
 * which the Ukrainian interface showed as it was.
 */
export function formErrorMessage(t: TFunction, error: FormError, step: 'login' | '2fa' | 'form' = 'form'): string {
  const statusText = error.statusText && t(`account.statusText.${error.status}`, { defaultValue: error.statusText });
  const withStatus = (message: string) => (statusText ? `${message} (${statusText})` : message);
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
