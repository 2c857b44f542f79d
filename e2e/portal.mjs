// Starts a portal of its own for a spec (the release binary, on ports of the spec's
// choosing), waits for the line it prints when every request can be served, and stops it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `env` adds to the environment (PORT, UPSTREAM_PORT, PORTAL_* overrides). Resolves to
 * `{ base, readyLine, readyAt, output, stop, pid }` once the portal printed `ready: …`.
 */
export function startPortal(env, { timeoutMs = 60_000 } = {}) {
  // Outside development mode a portal needs a session secret: the specs' own, unless `env` names one.
  const secret = { PORTAL_SERVER_SESSION_SECRET: 'the-browser-specs-own-secret-of-32-chars-or-more' };
  const child = spawn('./target/release/portal', [], { cwd: ROOT, env: { ...secret, ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const read = (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('ready: '));
      if (line) {
        clearTimeout(timer);
        child.stdout.off('data', read);
        resolve({ base: line.slice('ready: '.length).trim(), readyLine: line, readyAt: Date.now(), output: () => output, stop, pid: child.pid });
      }
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited (${code}) before it was ready:\n${output}`));
    });
  });
}
