/**
 * Reports a product that breaks its profile (`mismatch.ts`): one console warning and one
 * beacon to `/__mismatch`, where the server logs it. Loaded by the page only when the
 * mismatch-logging flag is on (it is off by default), so its code stays out of the page's
 * first load; a module the page imports dynamically, hence the default export.
 */
import type { Product, Profile } from '../../lib/market';
import { mismatchReport, reportBody } from './mismatch';

/** Checks `product` against `profile`; true when it reported a mismatch. */
export default function logMismatch(product: Product, profile: Profile): boolean {
  const report = mismatchReport(product, profile);
  if (!report) return false;
  console.warn(`product ${product.id} does not satisfy its profile ${profile.id}: ${report.requirements.join('; ')}`, report);
  try {
    navigator.sendBeacon?.('/__mismatch', reportBody(report));
  } catch {
    // A browser that refuses the beacon loses the report; the warning stays.
  }
  return true;
}
