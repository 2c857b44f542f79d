/** The client-safe part of the runtime configuration (`config/portal.json`). */
export interface ClientConfig {
  publicOrigin: string;
  assetBase: string;
  defaultLanguage: 'uk' | 'en';
  languages: Array<'uk' | 'en'>;
  supportEmail: string;
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
