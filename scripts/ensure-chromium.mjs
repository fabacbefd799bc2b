// Debian's Chromium for the end-to-end tests (DESIGN.md section 7): used where it is, installed
// with apt-get when missing and we are root (as in CI). Test tools never download a browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function ensureChromium() {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  console.log('[chromium] installing Debian package chromium');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return null;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  return install.status === 0 && existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}
