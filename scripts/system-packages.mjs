#!/usr/bin/env node
// Installs the Debian packages the tests need when they are missing: Chromium for the browser tests and
// hunspell with its German dictionary for the spelling tests. npm runs it before `npm test` (`pretest`),
// so the README's test command passes on a machine that has only Node and npm.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'hunspell', present: () => onPath('hunspell') },
  { pkg: 'hunspell-de-de', present: () => existsSync('/usr/share/hunspell/de_DE.dic') },
];

const missing = needs.filter((n) => !n.present()).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

if (process.platform !== 'linux' || !onPath('apt-get')) {
  fail(`the tests need ${missing.join(', ')}, and this machine has no apt-get to install them: install them by hand`);
}
const asRoot = process.getuid?.() === 0;
if (!asRoot && !onPath('sudo')) {
  fail(`the tests need ${missing.join(', ')}: run \`apt-get install ${missing.join(' ')}\` as root`);
}

console.log(`Installing the Debian packages the tests need: ${missing.join(', ')}`);
const run = (args) => {
  const [cmd, ...rest] = asRoot ? args : ['sudo', '-n', ...args];
  execFileSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
} catch (e) {
  fail(`installing ${missing.join(', ')} failed (${e.message.split('\n')[0]}): run \`apt-get install ${missing.join(' ')}\` as root`);
}
const still = needs.filter((n) => !n.present()).map((n) => n.pkg);
if (still.length > 0) fail(`after installing, ${still.join(', ')} is still missing`);

function onPath(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`system packages: ${message}`);
  process.exit(1);
}
