// The JavaScript a browser downloads for /translate after sign-in: starts the whole system as
// `npm start` does, signs in as employee/employee, then loads /translate again with an empty HTTP
// cache (the session stays) and records every script response until the page is shown and the
// network has been quiet for a while. Each file is counted as gzip -9 of the built file on disk
// (the same measure as the shell's initial figure), by the server it came from: the portal (the
// shell's initial files and what it loads after the first paint) and the route's remote
// (translate: remoteEntry.js, its module, its page). The other remotes' modules, which the shell
// fetches one by one in idle moments after the first page, are listed apart: a user working in
// /translate does not wait for them. Prints one JSON object on stdout (bench/bundle-size/run.mjs).
//
//   node --import tsx bench/bundle-size/page-js.ts
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signInToPortal } from '../../tests/e2e/support/sign-in';
import { startPortal } from '../../tests/e2e/support/start-portal';

const repoRoot = join(import.meta.dirname, '../..');
const PATH = '/translate';

interface Script {
  url: string;
  origin: 'portal' | 'route remote' | 'other remotes' | 'elsewhere';
  file: string;
  gzip: number;
  transferred: number;
  startMs: number;
}

async function main() {
  const portal = await startPortal();
  let close: (() => Promise<void>) | undefined;
  try {
    const remotes = new Map(portal.registry().map((entry) => [new URL(entry.manifestUrl).origin, entry.name]));
    const routeRemote = portal.registry().find((entry) => entry.routeBase === PATH)!;
    const signedIn = await signInToPortal(portal, PATH, 'employee', 'en-US');
    close = () => signedIn.browser.close();
    const page = signedIn.page;
    await page.waitForSelector('main h1', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');

    const cdp = await signedIn.browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    const seen = new Map<string, { url: string; type: string; start: number; transferred: number }>();
    cdp.on('Network.requestWillBeSent', (event) => seen.set(event.requestId, { url: event.request.url, type: event.type ?? '', start: event.timestamp, transferred: 0 }));
    cdp.on('Network.responseReceived', (event) => {
      const entry = seen.get(event.requestId);
      if (entry) entry.type = event.type;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = seen.get(event.requestId);
      if (entry) entry.transferred = event.encodedDataLength;
    });

    await page.goto(`${portal.portalUrl}${PATH}`, { waitUntil: 'commit' });
    await page.waitForSelector('main h1', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // What the shell loads after the first paint (idle callbacks, the sign-in library) and the
    // idle-time loads of the other remotes' modules.
    await page.waitForTimeout(5000);
    await page.waitForLoadState('networkidle');

    const documentStart = Math.min(...[...seen.values()].map((r) => r.start));
    const scripts: Script[] = [];
    for (const request of seen.values()) {
      const url = new URL(request.url);
      if (request.type !== 'Script' && !url.pathname.endsWith('.js')) continue;
      const remote = remotes.get(url.origin);
      const origin: Script['origin'] =
        url.origin === portal.portalUrl ? 'portal' : remote === routeRemote.name ? 'route remote' : remote ? 'other remotes' : 'elsewhere';
      const dist = url.origin === portal.portalUrl ? join(repoRoot, 'host/dist') : remote ? join(repoRoot, 'remotes', remote, 'dist') : undefined;
      const file = dist ? join(dist, decodeURIComponent(url.pathname)) : '';
      const gzip = file && existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
      scripts.push({ url: request.url, origin, file: file ? file.slice(repoRoot.length + 1) : request.url, gzip, transferred: request.transferred, startMs: Math.round((request.start - documentStart) * 1000) });
    }
    scripts.sort((a, b) => a.startMs - b.startMs);
    process.stdout.write(`${JSON.stringify({ path: PATH, routeRemote: routeRemote.name, scripts })}\n`);
  } finally {
    await close?.();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
});
