/**
 * The logged-in user's menu (SPEC §2.2). Its entries depend on the user type; most
 * lead to the old cabinet on the legacy site, Market is a page of this app.
 */
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { ClientConfig } from '../../config';
import type { SessionSummary } from '../../contract';
import { usePageState } from '../../state';
import { Dropdown } from '../Dropdown/Dropdown';
import { ExternalLink } from '../ExternalLink/ExternalLink';

export type UserType = SessionSummary['type'];

export interface UserMenuItem {
  /** Translation key under `userMenu`. */
  key: string;
  /** An app path when internal, an absolute URL otherwise. */
  href: string;
  external: boolean;
}

/** An entry that is a page of this app (Market, the cart), not of the old cabinet. */
const app = (path: string) => ({ app: path });

/** Entries per type, in display order: [key, old-cabinet path, or a page of this app]. */
const MENU: Record<UserType, Array<[key: string, target: string | { app: string }]>> = {
  buyer: [
    ['myCompany', '/cabinet/company'],
    ['frameworkQualification', '/cabinet/framework-qualifications'],
    ['myProcurements', '/cabinet/tenders'],
    ['myProcurementPlans', '/cabinet/plans'],
    ['market', app('/market')],
    ['cart', app('/market/cart')],
    ['specifications', '/cabinet/specifications'],
    ['settings', '/cabinet/settings'],
    ['notifications', '/cabinet/notifications'],
  ],
  seller: [
    ['ourBids', '/cabinet/bids'],
    ['ourCompany', '/cabinet/company'],
    ['marketQualifications', '/cabinet/market-qualifications'],
    ['settingsAndInfo', '/cabinet/settings'],
    ['notifications', '/cabinet/notifications'],
  ],
  cpe: [
    ['myProcurements', '/cabinet/tenders'],
    ['myPlans', '/cabinet/plans'],
    ['market', app('/market')],
    ['cart', app('/market/cart')],
    ['marketQualifications', '/cabinet/market-qualifications'],
    ['myCompany', '/cabinet/company'],
    ['settings', '/cabinet/settings'],
    ['notifications', '/cabinet/notifications'],
  ],
};

/** The menu of a user type: Market and the cart link into this app, the rest into the old cabinet. */
export function userMenuItems(type: UserType, config: Pick<ClientConfig, 'endpoints'>): UserMenuItem[] {
  const oldSite = config.endpoints.oldSite.replace(/\/+$/, '');
  return MENU[type].map(([key, target]) =>
    typeof target === 'string' ? { key, href: oldSite + target, external: true } : { key, href: target.app, external: false },
  );
}

export function UserMenu({ type }: { type: UserType }) {
  const { t } = useTranslation();
  const { config, session } = usePageState();
  return (
    <Dropdown className="user-menu" label={session?.name || t('userMenu.account')}>
      <ul aria-label={t('userMenu.label')}>
        {userMenuItems(type, config).map((item) => (
          <li key={item.key}>
            {item.external ? (
              <ExternalLink href={item.href}>{t(`userMenu.${item.key}`)}</ExternalLink>
            ) : (
              <AppLink to={item.href}>{t(`userMenu.${item.key}`)}</AppLink>
            )}
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
