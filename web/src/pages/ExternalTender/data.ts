import type { Tender } from '../../records/tender';

/** The tender inside a central-database answer (`{data: tender}`), or null. */
export function externalTenderOf(body: unknown): Tender | null {
  const data = (body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Tender) : null;
}
