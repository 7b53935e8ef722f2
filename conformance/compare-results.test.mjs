// Tests of compare-results.mjs: each verdict and each failure path. bin/conformance runs them first:
//   node --test conformance/compare-results.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'compare-results.mjs');

function run(scenarios, expected) {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-compare-'));
  const results = join(dir, 'results');
  mkdirSync(results);
  for (const [name, checks] of Object.entries(scenarios)) {
    const folder = join(results, `server-${name}-2026-11-29T21-00-00-000Z`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'checks.json'), JSON.stringify(checks));
  }
  const expectedFile = join(dir, 'expected.txt');
  writeFileSync(expectedFile, expected);
  const out = spawnSync(process.execPath, [script, results, expectedFile], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  const lines = out.stdout.trim().split('\n');
  return { status: out.status, last: lines[lines.length - 1], stdout: out.stdout, stderr: out.stderr };
}

const ok = (id) => ({ id, status: 'SUCCESS' });
const bad = (id) => ({ id, status: 'FAILURE', errorMessage: `${id} broke` });

test('passing scenarios count as passed and exit 0', () => {
  const r = run({ a: [ok('x'), ok('y')], b: [ok('z'), { id: 'w', status: 'WARNING' }] }, '# nothing expected\n');
  assert.equal(r.status, 0);
  assert.equal(r.last, 'conformance: 2 passed, 0 failed, 0 skipped');
});

test('an unexpected failure fails the run and names the check', () => {
  const r = run({ a: [ok('x'), bad('y')] }, '');
  assert.equal(r.status, 1);
  assert.match(r.stdout, /a:y failed: y broke/);
  assert.equal(r.last, 'conformance: 0 passed, 1 failed, 0 skipped');
});

test('listed failures, whole or per check, count as skipped', () => {
  const r = run({ a: [bad('x')], b: [ok('y'), bad('z')] }, 'a not built yet\nb:z not built yet\n');
  assert.equal(r.status, 0, r.stdout);
  assert.equal(r.last, 'conformance: 0 passed, 0 failed, 2 skipped');
});

test('a per-check entry does not excuse another failing check of that scenario', () => {
  const r = run({ b: [bad('y'), bad('z')] }, 'b:z not built yet\n');
  assert.equal(r.status, 1);
  assert.match(r.stdout, /b:y failed/);
});

test('a listed scenario or check that passes now is stale and fails the run', () => {
  const whole = run({ a: [ok('x')] }, 'a was broken\n');
  const check = run({ b: [ok('z')] }, 'b:z was broken\n');
  assert.equal(whole.status, 1);
  assert.match(whole.stdout, /a: passes now; remove it/);
  assert.equal(check.status, 1);
  assert.match(check.stdout, /b:z: passes now; remove it/);
});

test('a listed scenario that did not run fails the run', () => {
  const r = run({ a: [ok('x')] }, 'gone was broken\n');
  assert.equal(r.status, 1);
  assert.match(r.stdout, /gone: listed .* but not run/);
});

test('an entry without a reason or listed both ways is refused', () => {
  assert.notEqual(run({ a: [ok('x')] }, 'a\n').status, 0);
  assert.notEqual(run({ a: [bad('x')] }, 'a whole\na:x check\n').status, 0);
});

test('no results at all is a failure', () => {
  const r = run({}, '');
  assert.equal(r.status, 1);
  assert.equal(r.last, 'conformance: 0 passed, 1 failed, 0 skipped');
});
