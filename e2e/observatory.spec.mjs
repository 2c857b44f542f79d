// The Mozilla HTTP Observatory's own scanner and grader (the `@mdn/mdn-http-observatory`
// package) on the portal's pages, served the way production serves them: over https
// from a terminator in front of the portal (here a small Node proxy with a certificate
// made for the run), which also redirects http to https, as a load balancer does. The
// security headers are all the portal's own; the proxy passes them through untouched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPortal } from './portal.mjs';

const UPSTREAM = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:18081';
const PORT = Number(process.env.OBSERVATORY_PORT ?? 18380);
const HTTPS_PORT = PORT + 1;
const HTTP_PORT = PORT + 2;
const SCANNER = fileURLToPath(new URL('./observatory-scan.mjs', import.meta.url));

function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'observatory-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  return { key: readFileSync(key), cert: readFileSync(cert), certPath: cert };
}

function listen(server, port) {
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, 'localhost', () => resolve(server)));
}

/** The scan of one page, in a child process that trusts the run's certificate. */
function scan(path, certPath) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCANNER, 'localhost', String(HTTP_PORT), String(HTTPS_PORT), path], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`scanner exited ${code}: ${out}`))));
  });
}

test('the HTTP Observatory grades every page type A+ behind an https terminator', async () => {
  const { key, cert, certPath } = certificate();
  const origin = `https://localhost:${HTTPS_PORT}`;
  const portal = await startPortal({
    PORT: String(PORT),
    PORTAL_SERVER_EMBEDDED_UPSTREAM: 'false',
    PORTAL_CLIENT_PUBLIC_ORIGIN: origin,
    PORTAL_SERVER_SECURE_COOKIES: 'true',
    PORTAL_SERVER_SESSION_SECRET: 'the-observatory-runs-own-secret-of-32-chars',
    PORTAL_CLIENT_ENDPOINTS_SEARCH: UPSTREAM,
    PORTAL_CLIENT_ENDPOINTS_USERS: UPSTREAM,
    PORTAL_CLIENT_ENDPOINTS_CDB: `${UPSTREAM}/cdb/api/2.5`,
    PORTAL_CLIENT_ENDPOINTS_OLD_SITE: `${UPSTREAM}/old`,
  });
  const proxy = https.createServer({ key, cert }, (req, res) => {
    const forward = http.request({ host: '127.0.0.1', port: PORT, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    forward.once('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const redirect = http.createServer((req, res) => res.writeHead(301, { Location: `${origin}${req.url}` }).end());
  await listen(proxy, HTTPS_PORT);
  await listen(redirect, HTTP_PORT);
  try {
    const tenders = await (await fetch(`${UPSTREAM}/api/tenders?perPage=1`)).json();
    const tenderId = tenders['hydra:member'][0].tenderID;
    const pages = ['/', '/tenders', `/tenders/${tenderId}`, '/en/plans', '/market', '/login', '/no/such/page'];
    for (const path of pages) {
      const result = await scan(path, certPath);
      const failed = Object.values(result.tests).filter((t) => !t.pass).map((t) => `${t.name}: ${t.result}`);
      console.log(`observatory ${path}: ${result.scan.grade} (${result.scan.score}); not passed: ${failed.join(', ') || 'none'}`);
      assert.equal(result.scan.grade, 'A+', `${path}: ${JSON.stringify(result.scan)} ${failed.join(', ')}`);
      const csp = result.tests['content-security-policy'];
      assert.equal(csp.pass, true, `${path}: ${csp.result}`);
    }
  } finally {
    proxy.close();
    redirect.close();
    await portal.stop();
  }
});
