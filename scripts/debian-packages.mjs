// Debian packages the tests need (chromium, postgresql, rclone) installed with apt-get when missing and we
// are root, as in CI: one apt-get run for all of them, started at the beginning of `npm test` so
// the download overlaps the type-check instead of waiting in front of the suites that need it.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runAsync } from './test-stages.mjs';

/** How to tell that a package is there without asking dpkg. */
const PRESENT = {
  chromium: () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => p && existsSync(p)),
  // The real WebDAV server of the document-library tests (`rclone serve webdav`, started by each test file).
  rclone: () => existsSync('/usr/bin/rclone'),
  postgresql: () =>
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'initdb'))),
};

export function canInstall() {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

/** Installs the named packages that are missing; resolves with the names still missing after it. */
export async function installMissing(names) {
  const missing = names.filter((name) => !PRESENT[name]?.());
  if (missing.length === 0 || !canInstall()) return missing;
  console.log(`[setup] installing Debian package(s) ${missing.join(', ')} in the background`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runAsync('apt-get', ['update', '-qq'], { env, quiet: true });
  const install =
    update.status === 0
      ? await runAsync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env, quiet: true })
      : update;
  if (install.status !== 0) console.log(`[setup] apt-get failed:\n${install.output.trim()}`);
  return missing.filter((name) => !PRESENT[name]?.());
}
