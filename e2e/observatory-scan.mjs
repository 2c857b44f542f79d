// One HTTP Observatory scan, printed as JSON: `node observatory-scan.mjs host httpPort
// httpsPort path`. A process of its own, so that NODE_EXTRA_CA_CERTS (read when Node
// starts) can make it trust the certificate of the run.
//
// The package's `scan()` (1.4.8) drops its options before retrieving, so it can only
// scan ports 80 and 443; this does what `scan()` does with the package's own parts:
// its retriever (given the ports), its tests, and its grader with its extra-credit rule.
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// The HSTS preload list is downloaded by the package's install script, which the set-up
// skips (no internet; see scripts/setup.sh). The scanned host, localhost, is on no
// preload list: an empty list is the true answer for it.
const preload = fileURLToPath(new URL('./node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json', import.meta.url));
if (!existsSync(preload)) {
  mkdirSync(dirname(preload), { recursive: true });
  writeFileSync(preload, '{}');
}

const [host, httpPort, httpsPort, path] = process.argv.slice(2);
const r = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort), path });
if (!r.responses.auto) throw new Error(`${host}: no answer`);
let withCredit = 100;
let uncurved = 100;
const tests = {};
for (const test of ALL_TESTS) {
  const result = test(r);
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  withCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  const name = result.constructor.name;
  tests[name] = { name, pass: result.pass, result: result.result, scoreModifier: modifier };
}
const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withCredit : uncurved);
process.stdout.write(JSON.stringify({ scan: { grade, score, status: r.responses.auto.status }, tests }));
