// Compares a conformance run (the suite's --output-dir) with the expected-failures file and prints one
// line per scenario, then "conformance: N passed, N failed, N skipped" (skipped = failing only as expected).
// Exit 1 on an unexpected failure or on a stale expected-failure entry (listed, but passing now).
//
//   node compare-results.mjs RESULTS_DIR EXPECTED_FAILURES_FILE [SUITE_LOG]
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const [resultsDir, expectedFile, suiteLog] = process.argv.slice(2);
if (!resultsDir || !expectedFile) {
  console.error('usage: node compare-results.mjs RESULTS_DIR EXPECTED_FAILURES_FILE [SUITE_LOG]');
  process.exit(2);
}

// "<scenario>[:<check-id>] <reason>"; blank lines and # comments are ignored; a reason is required.
function readExpected(file) {
  const wholeScenarios = new Map();
  const checks = new Map();
  readFileSync(file, 'utf8').split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const match = /^(\S+)\s+(\S.*)$/.exec(line);
    if (!match) throw new Error(`${file}:${index + 1}: expected "<scenario>[:<check-id>] <reason>", got "${line}"`);
    const [, id, reason] = match;
    const colon = id.indexOf(':');
    if (colon < 0) wholeScenarios.set(id, reason);
    else checks.set(id, reason);
  });
  for (const id of checks.keys()) {
    const scenario = id.slice(0, id.indexOf(':'));
    if (wholeScenarios.has(scenario)) throw new Error(`${file}: ${scenario} is listed both whole and per check (${id})`);
  }
  return { wholeScenarios, checks };
}

// The suite writes one folder per scenario, "server-<scenario>-<timestamp>", holding checks.json.
function readResults(dir) {
  const scenarios = new Map();
  if (!existsSync(dir)) return scenarios;
  for (const entry of readdirSync(dir)) {
    const folder = join(dir, entry);
    if (!statSync(folder).isDirectory()) continue;
    const checksFile = join(folder, 'checks.json');
    if (!existsSync(checksFile)) continue;
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T.*$/.exec(entry) ?? /^server-(.+)$/.exec(entry);
    const name = match ? match[1] : entry;
    scenarios.set(name, JSON.parse(readFileSync(checksFile, 'utf8')));
  }
  return scenarios;
}

const expected = readExpected(expectedFile);
const results = readResults(resultsDir);
if (results.size === 0) {
  console.error(`no scenario results under ${resultsDir}${suiteLog ? ` (suite log: ${suiteLog})` : ''}`);
  console.log('conformance: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
for (const [scenario, checks] of [...results.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  const failing = new Map();
  const succeeding = new Set();
  for (const check of checks) {
    if (check.status === 'FAILURE') failing.set(check.id, check.errorMessage ?? '');
    else if (check.status === 'SUCCESS') succeeding.add(check.id);
  }
  // an id that fails anywhere counts as failing (the suite collapses repeated ids, most severe first)
  for (const id of failing.keys()) succeeding.delete(id);
  let verdict;
  if (expected.wholeScenarios.has(scenario)) {
    if (failing.size === 0) {
      verdict = 'STALE';
      problems.push(`${scenario}: passes now; remove it from ${expectedFile}`);
    } else {
      verdict = 'expected failure';
    }
  } else {
    const unexpected = [...failing.keys()].filter((id) => !expected.checks.has(`${scenario}:${id}`));
    const stale = [...expected.checks.keys()]
      .filter((key) => key.startsWith(`${scenario}:`))
      .filter((key) => succeeding.has(key.slice(scenario.length + 1)));
    unexpected.forEach((id) => problems.push(`${scenario}:${id} failed: ${failing.get(id)}`));
    stale.forEach((key) => problems.push(`${key}: passes now; remove it from ${expectedFile}`));
    if (unexpected.length > 0) verdict = 'FAILED';
    else if (stale.length > 0) verdict = 'STALE';
    else if (failing.size > 0) verdict = 'expected failure';
    else verdict = 'passed';
  }
  if (verdict === 'passed') passed++;
  else if (verdict === 'expected failure') skipped++;
  else failed++;
  const counts = `${checks.length - failing.size}/${checks.length} checks`;
  console.log(`${verdict === 'passed' ? 'ok  ' : verdict === 'expected failure' ? 'xfail' : 'FAIL'} ${scenario} (${counts})`);
}

// a listed scenario that did not run at all is stale too: the suite no longer has it
for (const scenario of expected.wholeScenarios.keys()) {
  if (!results.has(scenario)) {
    problems.push(`${scenario}: listed in ${expectedFile} but not run`);
    failed++;
  }
}

for (const problem of problems) console.log(`  ${problem}`);
console.log(`conformance: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(problems.length > 0 ? 1 : 0);
