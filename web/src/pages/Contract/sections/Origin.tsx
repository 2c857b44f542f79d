/** Where the contract came from: its tender and the award it was signed on, linked. */
import { AppLink } from '../../../components/AppLink/AppLink';
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import type { Formatter } from '../../../records/parts';
import { methodLabel } from '../../../lib/enums';
import { tenderPath } from '../../Tender/path';
import type { Contract } from '../../../records/contract';

/** The tender's tenderID, else its 32-hex id (whose page redirects to the tenderID). */
export const tenderIdOf = (contract: Contract): string => contract.tenderID || contract.tender_id || '';

/** The facts of the section, none when the contract names no tender. */
export function originFacts(contract: Contract, { t }: Formatter): Fact[] {
  const tenderId = tenderIdOf(contract);
  if (!tenderId) return [];
  return withValues([
    [t('contract.tender'), <AppLink to={tenderPath(tenderId)} className="tender-id">{tenderId}</AppLink>],
    // The tender page opens at its awards section.
    [t('contract.award'), contract.awardID && <AppLink to={tenderPath(tenderId, 'awards')}>{t('contract.awardLink')}</AppLink>],
    [t('contract.method'), contract.procurementMethodType && methodLabel(t, contract.procurementMethodType)],
  ]);
}

export function Origin({ facts }: { facts: Fact[] }) {
  return <Facts rows={facts} />;
}
