// The system packages the tests need (list.txt): which are missing, and the one command that installs them.
// `node scripts/system-packages/check.cjs missing` prints the missing ones (what install.sh installs); `list`, all.
const fs = require('node:fs');
const path = require('node:path');

const LIST = path.join(__dirname, 'list.txt');

/** Every package in list.txt: its name, the jest projects that need it, and where it may be found. */
function systemPackages() {
  return fs
    .readFileSync(LIST, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [name, projects, ...probes] = line.split(/\s+/);
      return { name, projects: projects.split(','), probes };
    });
}

const isFile = (file, mode = fs.constants.F_OK) => {
  try {
    fs.accessSync(file, mode);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const onPath = (command, env) =>
  (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => isFile(path.join(dir, command), fs.constants.X_OK));

/** Whether a package is where the tests look for it: a variable that is set is the only place they look. */
function found(probes, env) {
  for (const probe of probes) {
    if (probe.startsWith('$')) {
      const given = env[probe.slice(1)];
      if (given) return isFile(given);
    } else if (path.isAbsolute(probe)) {
      if (isFile(probe)) return true;
    } else if (onPath(probe, env)) return true;
  }
  return false;
}

/** The packages missing for the given jest projects (for all of them when none are given). */
function missingPackages(projects, env = process.env) {
  return systemPackages()
    .filter((p) => !projects || p.projects.some((project) => projects.includes(project)))
    .filter((p) => !found(p.probes, env))
    .map((p) => p.name);
}

const allNames = () =>
  systemPackages()
    .map((p) => p.name)
    .join(' ');

/** The one command, for Debian and Ubuntu, that installs every package the suite needs (as the README says). */
const installCommand = () => `bash scripts/system-packages/install.sh (apt-get install -y ${allNames()})`;

/**
 * A jest global setup for one project: before any of its tests run, stops the run with one line naming what is
 * missing and how to install it, instead of failing test by test later.
 */
function checkBefore(project) {
  return async () => {
    const missing = missingPackages([project]);
    if (missing.length === 0) return;
    process.stderr.write(`\nMissing system packages: ${missing.join(', ')}. Install them with: ${installCommand()}\n`);
    process.exit(1);
  };
}

module.exports = { systemPackages, missingPackages, installCommand, checkBefore };

if (require.main === module) {
  const [what] = process.argv.slice(2);
  if (what === 'missing') console.log(missingPackages().join(' '));
  else if (what === 'list') console.log(allNames());
  else {
    console.error('usage: node scripts/system-packages/check.cjs missing|list');
    process.exit(2);
  }
}
