/**
 * Tests only: where the shared public data lives — `<project root>/../shared/data` (the
 * project root being two folders above this file), or the folder named by
 * `PORTAL_SHARED_DATA`. Tests that need part of it call {@link requiredSharedData}: outside
 * CI a missing folder skips them; when `CI` is set, it fails them with a message naming the
 * path looked at.
 */

// The web tsconfig has no Node types (the app never runs in Node): minimal typed views of
// the Node modules and of the environment.
interface Fs {
  existsSync(path: string): boolean;
  readdirSync(path: string): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
interface NodePath {
  resolve(...paths: string[]): string;
}
interface NodeUrl {
  fileURLToPath(url: string | URL): string;
}
const fs: Fs = await import('node:fs' as string);
const path: NodePath = await import('node:path' as string);
const url: NodeUrl = await import('node:url' as string);

/** The variable naming the shared `data` folder itself (overrides the default). */
export const SHARED_DATA_ENV = 'PORTAL_SHARED_DATA';

type Env = Record<string, string | undefined>;
const processEnv = (): Env => (globalThis as { process?: { env?: Env } }).process?.env ?? {};

/** The project root (the folder holding `web/`). */
export const PROJECT_ROOT = path.resolve(url.fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The shared data folder (it may not exist): `$PORTAL_SHARED_DATA` when set, else `<project root>/../shared/data`. */
export function sharedDataDir(env: Env = processEnv()): string {
  const override = env[SHARED_DATA_ENV];
  return override ? path.resolve(override) : path.resolve(PROJECT_ROOT, '../shared/data');
}

/** `sub` (a relative path) inside the shared data folder, whether or not it exists. */
export function sharedDataPath(sub: string, env: Env = processEnv()): string {
  return path.resolve(sharedDataDir(env), sub);
}

/**
 * `sub` inside the shared data folder for a test that needs it: `undefined` (skip) when it
 * is missing, but when `CI` is set (not empty) an error naming the path looked at and
 * `PORTAL_SHARED_DATA`.
 */
export function requiredSharedData(sub: string, env: Env = processEnv()): string | undefined {
  const found = sharedDataPath(sub, env);
  if (fs.existsSync(found)) return found;
  if (env.CI) {
    throw new Error(
      `shared data missing: ${found} does not exist (CI is set, so tests needing it fail instead of skipping); ` +
        `provide ../shared/data beside the project or set ${SHARED_DATA_ENV} to the shared \`data\` folder`,
    );
  }
  return undefined;
}

/** The examples of the platform's API documentation, by the register they show. */
export interface ApiExamples<T> {
  /** Where they are looked for (`openprocurement-api/<register>` in the shared data). */
  dir: string;
  /** Their file names in order; none when the folder is missing (outside CI). */
  files: string[];
  /** One example's record (the `data` of an API answer, or the file as it is). */
  load: (file: string) => T;
}

/** The API-documentation examples of a register, for the pages' tests over every one of them. */
export function apiExamples<T>(register: 'tenders' | 'plans' | 'contracts', env: Env = processEnv()): ApiExamples<T> {
  const sub = `openprocurement-api/${register}`;
  const dir = sharedDataPath(sub, env);
  const files = requiredSharedData(sub, env) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const load = (file: string): T => {
    const json = JSON.parse(fs.readFileSync(`${dir}/${file}`, 'utf8'));
    return json.data ?? json;
  };
  return { dir, files, load };
}
