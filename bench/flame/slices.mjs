#!/usr/bin/env node
// The per-request slices of a portal profile: reads folded stacks (inferno's
// `collapse-perf` output) and attributes each sample to the slice of the frame nearest
// the leaf that names one (a sample in `malloc` under the shell counts for the shell).
// Frames that are JavaScript or V8 count as the render.
//
//   node bench/flame/slices.mjs FOLDED [CPU_US_PER_REQUEST]
//
// With the CPU per request of the same run, each slice is also given in µs.
import { readFileSync } from 'node:fs';

const SLICES = [
  ['V8 garbage collection', /v8::internal::(Heap|Scavenger|MarkCompact|ConcurrentMarking|Sweeper|MinorMark|GCTracer)|cppgc/],
  ['render: into V8, JavaScript, HTML out', /^Builtins_|^v8::|renderer::isolate|renderer::pool|deno_core|simdutf|^JS:|^RegExp|^LazyCompile|^Function:|^Script:/],
  ['render input (page data JSON)', /renderer::input/],
  ['upstream requests (reqwest, hyper client)', /reqwest::|hyper_util::client|hyper::client|server::page::fetch/],
  ['validator (ETag)', /server::page::validator/],
  ['document shell', /server::shell/],
  ['route resolution', /resolution_for/],
  ['session and anti-forgery cookies', /server::session/],
  ['security headers, Location guard', /server::security/],
  ['limits, micro-cache', /server::(limits|micro_cache)/],
  ['response, compression', /server::page::response|server::compress/],
  ['axum routing, tower layers', /axum::|tower::|tower_http::/],
  ['hyper server: parse, encode', /hyper::proto|hyper::server|hyper::body|httparse/],
  ['connection loop (serving)', /serving::/],
  ['tokio: scheduler, timers, socket I/O (kernel included)', /tokio::|mio::/],
];

const [file, cpu] = process.argv.slice(2);
if (!file) {
  console.error('usage: slices.mjs FOLDED [CPU_US_PER_REQUEST]');
  process.exit(2);
}
const counts = new Map();
let total = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const at = line.lastIndexOf(' ');
  if (at < 0) continue;
  const frames = line.slice(0, at).split(';');
  const n = Number(line.slice(at + 1));
  total += n;
  let slice = null;
  if (frames[0].startsWith('V8_')) slice = 'V8 worker threads (GC helpers, compiler)';
  for (let i = frames.length - 1; i >= 0 && !slice; i--) {
    const hit = SLICES.find(([, re]) => re.test(frames[i]));
    if (hit) slice = hit[0];
  }
  if (!slice) slice = /malloc|free|realloc|memmove|memcpy/.test(frames.at(-1)) ? 'allocation outside the above' : 'other';
  counts.set(slice, (counts.get(slice) ?? 0) + n);
}
const rows = [...counts].sort((a, b) => b[1] - a[1]);
console.log(cpu ? '| slice | share | µs per request |\n|---|---:|---:|' : '| slice | share |\n|---|---:|');
for (const [slice, n] of rows) {
  const share = (100 * n) / total;
  console.log(`| ${slice} | ${share.toFixed(1)} % |${cpu ? ` ${Math.round((share * Number(cpu)) / 100)} |` : ''}`);
}
