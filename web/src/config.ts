/** A text in each interface language. */
export type Localized = Record<'uk' | 'en', string>;

/** The client-safe part of the runtime configuration (`config/portal.json`). */
export interface ClientConfig {
  publicOrigin: string;
  assetBase: string;
  defaultLanguage: 'uk' | 'en';
  languages: Array<'uk' | 'en'>;
  supportEmail: string;
  /** Support phone, postal address and working hours shown on `/info/contacts`. */
  contacts: {
    /** As people write it, e.g. `+380 44 000 00 00`; linked as `tel:`. */
    phone: string;
    address: Localized;
    hours: Localized;
  };
  tagManagerId: string;
  endpoints: {
    search: string;
    users: string;
    translations: string;
    procurement: string;
    auctions: string;
    oldSite: string;
    files: string;
    news: string;
    callback: string;
    messages: string;
    /** The platform's central database read API (`/tenders/{id}` answers `{data}`). */
    cdb: string;
  };
  features: {
    tagManager: boolean;
    cabinet: boolean;
    testMode: boolean;
    logCharacteristicMismatch: boolean;
    /**
     * What others paid per unit beside the items of tender, plan and product pages (issue
     * 47). Off, those pages neither fetch the price answer nor show the lines.
     */
    prices: boolean;
  };
}

let loaded: ClientConfig | null = null;

export function setConfig(config: ClientConfig): void {
  loaded = config;
}

/** Reads the configuration; throws until `setConfig` ran (SPEC §8). */
export function getConfig(): ClientConfig {
  if (!loaded) throw new Error('Config is not loaded');
  return loaded;
}

export function resetConfigForTests(): void {
  loaded = null;
}
