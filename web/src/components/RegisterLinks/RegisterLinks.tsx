/**
 * The three registers filtered by one organisation: its tenders, plans and contracts
 * (`/tenders?organizer[0]=<id>`...), for an organiser's or a supplier's identifier on a
 * record's page. Plain links: they work without JavaScript. Nothing without an id.
 * Its styles (`RegisterLinks.css`) are imported by the route modules of the pages using it,
 * so that they are in the main stylesheet.
 */
import { useTranslation } from '../../i18n/react';
import { AppLink } from '../AppLink/AppLink';

export type RegisterFilter = 'organizer' | 'supplier';

const REGISTERS = ['tenders', 'plans', 'contracts'] as const;
/** A supplier has no plans: plans name buyers only. */
const SEARCHED: Record<RegisterFilter, ReadonlyArray<(typeof REGISTERS)[number]>> = {
  organizer: REGISTERS,
  supplier: ['tenders', 'contracts'],
};

/** `/tenders?organizer%5B0%5D=12345678`: the register's search filtered by the identifier (`organizer[0]`, encoded). */
export function registerHref(register: (typeof REGISTERS)[number], filter: RegisterFilter, id: string): string {
  return `/${register}?${filter}%5B0%5D=${encodeURIComponent(id)}`;
}

export function RegisterLinks({ filter, id }: { filter: RegisterFilter; id: string | undefined }) {
  const { t } = useTranslation();
  const value = id?.trim();
  if (!value) return null;
  return (
    <ul className="register-links" aria-label={t(`registerLinks.${filter}.label`, { id: value })}>
      {SEARCHED[filter].map((register) => (
        <li key={register}>
          <AppLink to={registerHref(register, filter, value)}>{t(`registerLinks.${filter}.${register}`)}</AppLink>
        </li>
      ))}
    </ul>
  );
}
