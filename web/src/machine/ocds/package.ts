/** The release package around the releases: its opening (with the extensions used) and closing. */
import { redFlagsExtensionUrl } from './redFlags';

/** The Open Contracting Partnership's extensions whose fields the releases use (lots; items' delivery address and location). */
export const OCDS_EXTENSIONS = [
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_lots_extension/v1.1.5/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_location_extension/v1.1.5/extension.json',
] as const;

/** Every extension a package declares: {@link OCDS_EXTENSIONS} and the portal's own red flags, on `origin`. */
export const ocdsExtensions = (origin: string): string[] => [...OCDS_EXTENSIONS, redFlagsExtensionUrl(origin)];

export interface PackageMeta {
  /** The portal's public origin, without a trailing slash: its own extension is served there. */
  origin: string;
  /** The package's own URI (the export's URL). */
  uri: string;
  /** When the package was published (the caller's clock: the export's start). */
  publishedDate: string;
  publisherName: string;
  publisherUri?: string;
}

/**
 * The JSON text of a release package up to and including `"releases":[`: the caller
 * writes the releases, comma-separated, then {@link PACKAGE_CLOSING}. OCDS wants at
 * least one release in a package: an export of an empty result has none to give.
 */
export function packageOpening({ origin, uri: packageUri, publishedDate, publisherName, publisherUri }: PackageMeta): string {
  const head = {
    uri: packageUri,
    version: '1.1',
    extensions: ocdsExtensions(origin),
    publishedDate,
    publisher: publisherUri ? { name: publisherName, uri: publisherUri } : { name: publisherName },
  };
  const json = JSON.stringify(head);
  return `${json.slice(0, -1)},"releases":[`;
}

/** Closes what {@link packageOpening} opened. */
export const PACKAGE_CLOSING = ']}';
