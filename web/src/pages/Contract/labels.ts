/**
 * Labels and derived values of the contract page: codes under the `contract.<group>` map
 * (an unknown code shows as itself), and the amount without VAT worth a line of its own.
 */
import type { TFunction } from 'i18next';
import { codeLabel } from '../../lib/enums';
import type { Value } from '../../records/parts';
import type { ContractValue } from '../../records/contract';

/** A label from the `contract.<group>` map (statuses, milestone events, rationale types…). */
export function contractLabel(t: TFunction, group: string, code: string | undefined): string {
  return code ? codeLabel(t, `contract.${group}`, code) : '';
}

/**
 * The amount without VAT (`amountNet`) as a value of its own, when it tells something the
 * amount does not: not when the amount is already stated without VAT and equals it.
 */
export function netValue(value: ContractValue | undefined): Value | undefined {
  if (!value || typeof value.amountNet !== 'number' || !Number.isFinite(value.amountNet)) return undefined;
  if (value.valueAddedTaxIncluded === false && value.amountNet === value.amount) return undefined;
  return { amount: value.amountNet, currency: value.currency };
}
