// Debian's Chromium for the end-to-end tests (DESIGN.md section 7): used where it is, installed
// with apt-get when missing and we are root (as in CI). Test tools never download a browser.
import { existsSync } from 'node:fs';
import { installMissing } from './debian-packages.mjs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export async function ensureChromium() {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  await installMissing(['chromium']);
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}
