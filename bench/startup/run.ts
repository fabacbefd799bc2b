// Start-up of the portal on a slow network: LCP of /translate cold and warm, CLS, the
// sequential request round trips before the main content, and a first switch to another remote,
// in Debian's Chromium with 4x CPU throttling, on two networks: a Fast-3G-like one with 150 ms RTT,
// and DevTools' "Fast 3G" preset as the protocol applies it (562.5 ms RTT, 1.44 Mbps down,
// 675 kbps up). Beside each, the floor measured in the same run and on the same network: a
// React 19 + react-router app of two routes (bench/bundle-size/floor), cold and warm.
//
//   flock /tmp/heavy.lock node --import tsx bench/startup/run.ts [--rounds 1] [--switch-to /chat] [--network 150ms|fast3g]
//
// It starts the whole system as `npm start` does (tests/e2e/support/start-portal.ts: builds what
// changed, API server with the dev identity provider, portal, six remotes), signs in once as
// employee/employee, then measures in that signed-in tab. Never fails.
import { createReadStream, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { buildFloor } from '../bundle-size/floor/build.mjs';
import { signInToPortal } from '../../tests/e2e/support/sign-in';
import { startPortal } from '../../tests/e2e/support/start-portal';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const ROUNDS = Number(option('rounds', '1'));
const SWITCH_TO = option('switch-to', '/chat');

interface NetworkProfile {
  name: string;
  conditions: { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number };
  /** The figures recorded before the start-up work (not re-measured), where there are any. */
  baseline?: { lcpCold: number; lcpWarm: number; cls: number; roundTrips: number };
  goals: { lcpCold: number; lcpWarm: number; cls: number; roundTrips: number; switchRoundTrips: number };
}

const NETWORKS: Record<string, NetworkProfile> = {
  /** Fast-3G-like with 150 ms RTT: the figures of the start-up work were measured on it. */
  '150ms': {
    name: '150 ms RTT, 1.6 Mbps down, 750 kbps up',
    conditions: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    baseline: { lcpCold: 12_200, lcpWarm: 5_100, cls: 0.05, roundTrips: 11 },
    goals: { lcpCold: 4_000, lcpWarm: 2_500, cls: 0.02, roundTrips: 2, switchRoundTrips: 2 },
  },
  /** DevTools' "Fast 3G" as it reaches the protocol: 150 ms x 3.75, 1.6 Mbps and 750 kbps x 0.9. */
  fast3g: {
    name: "DevTools' Fast 3G: 562.5 ms RTT, 1.44 Mbps down, 675 kbps up",
    conditions: { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1000 * 1000) / 8, uploadThroughput: (675 * 1000) / 8 },
    goals: { lcpCold: 4_000, lcpWarm: 2_000, cls: 0.02, roundTrips: 2, switchRoundTrips: 2 },
  },
};
const PROFILES = args.includes('--network') ? [NETWORKS[option('network', '150ms')]!] : [NETWORKS['150ms']!, NETWORKS.fast3g!];
const CPU_THROTTLE = 4;

interface Request {
  id: string;
  url: string;
  start: number;
  end?: number;
}

/** Records every request of the page through the DevTools protocol (times in ms, monotonic). */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    // A redirect reuses the id: the new hop is a new request.
    const id = requests.has(event.requestId) ? `${event.requestId}:${event.timestamp}` : event.requestId;
    requests.set(id, { id, url: event.request.url, start: event.timestamp * 1000 });
  });
  const finish = (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request && request.end === undefined) request.end = event.timestamp * 1000;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  cdp.on('Network.responseReceived', (event) => {
    // From the memory or disk cache: no round trip.
    if (event.response.fromDiskCache || event.response.fromPrefetchCache || (event.response as { fromMemoryCache?: boolean }).fromMemoryCache) {
      requests.delete(event.requestId);
    }
  });
  cdp.on('Network.requestServedFromCache', (event) => requests.delete(event.requestId));
  return {
    clear: () => requests.clear(),
    list: () => [...requests.values()],
  };
}

/**
 * The longest chain of requests in which each starts only after the one before it ended: the
 * sequential round trips. `requests` with start times relative to `origin` (ms).
 */
export function sequentialChain(requests: Request[]): Request[] {
  const sorted = [...requests].filter((r) => r.end !== undefined).sort((a, b) => a.start - b.start);
  const best = new Map<Request, Request[]>();
  for (const request of sorted) {
    let chain: Request[] = [];
    for (const before of sorted) {
      if (before === request || before.end! > request.start) continue;
      const previous = best.get(before);
      if (previous && previous.length > chain.length) chain = previous;
    }
    best.set(request, [...chain, request]);
  }
  let longest: Request[] = [];
  for (const chain of best.values()) if (chain.length > longest.length) longest = chain;
  return longest;
}

const PERF_SCRIPT = `
  window.__perf = { lcp: 0, lcpElement: '', cls: 0, fcp: 0, shellFrame: 0 };
  // The shell's first frame: its navigation (links) is in the page (the start screen has none).
  new MutationObserver((_, observer) => {
    if (!window.__perf.shellFrame && document.querySelector('nav a[href]')) {
      requestAnimationFrame(() => (window.__perf.shellFrame = performance.now()));
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__perf.lcp = entry.startTime;
      const el = entry.element;
      window.__perf.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__perf.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__perf.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

interface LoadFigures {
  shellFrame: number;
  shellRoundTripsAfterHtml: number;
  shellChain: string[];
  background: string[];
  lcp: number;
  lcpElement: string;
  fcp: number;
  cls: number;
  roundTripsAfterHtml: number;
  chain: string[];
  requests: number;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
}

/** Loads `url` in the tab and reads LCP, CLS and the request chain up to the LCP. */
async function measureLoad(page: Page, cdp: CDPSession, recorder: ReturnType<typeof recordRequests>, url: string, cold: boolean): Promise<LoadFigures> {
  if (cold) await cdp.send('Network.clearBrowserCache');
  recorder.clear();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('main h1, main h2', { timeout: 120_000 });
  await settle(page);
  const perf = (await page.evaluate('window.__perf')) as { lcp: number; lcpElement: string; cls: number; fcp: number; shellFrame: number };
  const all = recorder.list();
  const documentRequest = all.find((r) => new URL(r.url).pathname === new URL(url).pathname) ?? all.sort((a, b) => a.start - b.start)[0]!;
  const origin = documentRequest.start;
  // The identity provider's discovery document is fetched by oidc-client-ts's session monitor in
  // the background; nothing in the start-up waits for it, so it is listed but not chained.
  const isBackground = (r: Request) => new URL(r.url).origin === identityProvider && r.url.includes('/.well-known/');
  const background = all.filter((r) => isBackground(r) && r.start - origin <= perf.lcp);
  const requests = all.filter((r) => !isBackground(r));
  // Requests the main content waited for: started before the LCP.
  const before = requests.filter((r) => r.start - origin <= perf.lcp);
  const chain = sequentialChain(before);
  const shellChain = sequentialChain(requests.filter((r) => r.start - origin <= perf.shellFrame));
  const line = (r: Request) => `${Math.round(r.start - origin)}-${Math.round(r.end! - origin)} ms ${shortUrl(r.url)}`;
  return {
    shellFrame: perf.shellFrame,
    shellRoundTripsAfterHtml: Math.max(0, shellChain.length - 1),
    shellChain: shellChain.map(line),
    background: background.map(line),
    lcp: perf.lcp,
    lcpElement: perf.lcpElement,
    fcp: perf.fcp,
    cls: perf.cls,
    roundTripsAfterHtml: Math.max(0, chain.length - 1),
    chain: chain.map((r) => `${Math.round(r.start - origin)}-${Math.round(r.end! - origin)} ms ${shortUrl(r.url)}`),
    requests: before.length,
  };
}

/** A first switch to another remote from the navigation: round trips from the click until its page shows. */
async function measureSwitch(page: Page, recorder: ReturnType<typeof recordRequests>, to: string) {
  const link = page.locator(`nav a[href="${to}"]`).first();
  await link.waitFor({ timeout: 30_000 });
  recorder.clear();
  const started = Date.now();
  await link.click();
  await page.waitForURL((url) => url.pathname.startsWith(to));
  await page.waitForSelector('main h1, main h2, main textarea', { timeout: 120_000 });
  const shownMs = Date.now() - started;
  await settle(page);
  const requests = recorder.list();
  const chain = sequentialChain(requests);
  const origin = Math.min(...requests.map((r) => r.start), Infinity);
  return { roundTrips: chain.length, shownMs, chain: chain.map((r) => `${Math.round(r.start - origin)}-${Math.round(r.end! - origin)} ms ${shortUrl(r.url)}`) };
}

function shortUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

let identityProvider = '';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Serves the floor app's folder: its one script gzip-compressed (as the portal sends its files), index.html for any other path. */
function serveFloor(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    if (path.endsWith('.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
      createReadStream(join(dir, 'main.js')).pipe(createGzip({ level: 9 })).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' });
    createReadStream(join(dir, 'index.html')).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })));
}

/** The floor's LCP (its h1) in a tab of its own with the same throttling: cold, then warm. */
async function measureFloor(context: Awaited<ReturnType<typeof signInToPortal>>['browser']['context'], url: string, profile: NetworkProfile) {
  const page = await context.newPage();
  try {
    await page.addInitScript(PERF_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', profile.conditions);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const load = async (cold: boolean) => {
      if (cold) await cdp.send('Network.clearBrowserCache');
      await page.goto(`${url}/translate`, { waitUntil: 'commit' });
      await page.waitForSelector('main h1', { timeout: 120_000 });
      await page.waitForTimeout(1000);
      return ((await page.evaluate('window.__perf')) as { lcp: number }).lcp;
    };
    const cold = await load(true);
    const warm = await load(false);
    return { cold, warm };
  } finally {
    await page.close();
  }
}

async function main() {
  console.error('[startup] building the floor app and starting the portal (builds what changed) ...');
  const floorBuild = await buildFloor({ keep: true });
  const floor = await serveFloor(floorBuild.dir!);
  const portal = await startPortal();
  identityProvider = portal.issuer;
  let browser: Awaited<ReturnType<typeof signInToPortal>>['browser'] | undefined;
  try {
    const signedIn = await signInToPortal(portal, '/translate', 'employee');
    browser = signedIn.browser;
    const page = signedIn.page;
    await page.addInitScript(PERF_SCRIPT);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    const recorder = recordRequests(cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const url = `${portal.portalUrl}/translate`;

    for (const profile of PROFILES) {
      await cdp.send('Network.emulateNetworkConditions', profile.conditions);
      const cold: LoadFigures[] = [];
      const warm: LoadFigures[] = [];
      const switches: Array<Awaited<ReturnType<typeof measureSwitch>>> = [];
      const floors: Array<{ cold: number; warm: number }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        cold.push(await measureLoad(page, cdp, recorder, url, true));
        warm.push(await measureLoad(page, cdp, recorder, url, false));
        // A fresh page load, then the first switch to another remote.
        await measureLoad(page, cdp, recorder, url, false);
        switches.push(await measureSwitch(page, recorder, SWITCH_TO));
        floors.push(await measureFloor(browser.context, floor.url, profile));
        console.error(`[startup] ${profile.name}, round ${round + 1}/${ROUNDS}: cold ${seconds(cold.at(-1)!.lcp)}, warm ${seconds(warm.at(-1)!.lcp)}; floor ${seconds(floors.at(-1)!.cold)} / ${seconds(floors.at(-1)!.warm)}`);
      }
      printProfile(profile, cold, warm, switches, floors, floorBuild.gzip);
    }
  } finally {
    await browser?.close();
    await portal.stop();
    floor.server.close();
    rmSync(floorBuild.dir!, { recursive: true, force: true });
  }
}

function printProfile(
  profile: NetworkProfile,
  cold: LoadFigures[],
  warm: LoadFigures[],
  switches: Array<Awaited<ReturnType<typeof measureSwitch>>>,
  floors: Array<{ cold: number; warm: number }>,
  floorGzip: number,
) {
  const pick = (list: LoadFigures[]) => list.find((f) => f.lcp === median(list.map((x) => x.lcp)))!;
  const c = pick(cold);
  const w = pick(warm);
  const s = switches.find((x) => x.roundTrips === median(switches.map((y) => y.roundTrips)))!;
  const cls = Math.max(c.cls, w.cls);
  const floorCold = median(floors.map((f) => f.cold));
  const floorWarm = median(floors.map((f) => f.warm));
  const { goals, baseline } = profile;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

  console.log(`\nStart-up of /translate (Chromium, ${CPU_THROTTLE}x CPU, ${profile.name}; median of ${ROUNDS} round(s))`);
  console.log(`floor: a React 19 + react-router app of two routes (${(floorGzip / 1024).toFixed(1)} KB gzip), same browser and network, this run`);
  if (baseline) console.log('baseline: the figures recorded before the start-up work (not re-measured in this run)');
  console.log('');
  const ratio = (now: number, floorValue: number) => (floorValue > 0 ? `${(now / floorValue).toFixed(2)}x` : '-');
  const rows: Array<[string, string, string, string, string, string]> = [
    ['LCP cold', seconds(c.lcp), seconds(floorCold), baseline ? seconds(baseline.lcpCold) : '-', `<= ${seconds(goals.lcpCold)}`, `${ratio(c.lcp, floorCold)}  ${verdict(c.lcp <= goals.lcpCold)}`],
    ['LCP warm', seconds(w.lcp), seconds(floorWarm), baseline ? seconds(baseline.lcpWarm) : '-', `<= ${seconds(goals.lcpWarm)}`, `${ratio(w.lcp, floorWarm)}  ${verdict(w.lcp <= goals.lcpWarm)}`],
    ['CLS (worse of cold/warm)', cls.toFixed(3), '-', baseline ? baseline.cls.toFixed(3) : '-', `<= ${goals.cls}`, verdict(cls <= goals.cls)],
    ['shell frame: round trips after HTML, cold', String(c.shellRoundTripsAfterHtml), '-', baseline ? String(baseline.roundTrips) : '-', `<= ${goals.roundTrips}`, verdict(c.shellRoundTripsAfterHtml <= goals.roundTrips)],
    ['shell frame: round trips after HTML, warm', String(w.shellRoundTripsAfterHtml), '-', '-', `<= ${goals.roundTrips}`, verdict(w.shellRoundTripsAfterHtml <= goals.roundTrips)],
    ['LCP: round trips after HTML, cold', String(c.roundTripsAfterHtml), '-', baseline ? String(baseline.roundTrips) : '-', '(info)', ''],
    ['LCP: round trips after HTML, warm', String(w.roundTripsAfterHtml), '-', '-', '(info)', ''],
    [`first switch to ${SWITCH_TO}: round trips`, String(s.roundTrips), '-', '-', `<= ${goals.switchRoundTrips}`, verdict(s.roundTrips <= goals.switchRoundTrips)],
  ];
  console.log(['', 'now', 'floor', 'baseline', 'goal', 'x floor / goal'].map((h, i) => (i === 0 ? h.padEnd(44) : h.padStart(14))).join(''));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(44) : cell.padStart(14))).join(''));
  console.log(`\nshell frame cold ${seconds(c.shellFrame)}, warm ${seconds(w.shellFrame)}; FCP cold ${seconds(c.fcp)}, warm ${seconds(w.fcp)}; LCP element: ${c.lcpElement}; switch shown after ${seconds(s.shownMs)}`);
  console.log('\ncold: longest sequential chain before the shell frame:');
  for (const l of c.shellChain) console.log(`  ${l}`);
  console.log('warm: longest sequential chain before the shell frame:');
  for (const l of w.shellChain) console.log(`  ${l}`);
  console.log(`background, not chained (oidc-client-ts session monitor): ${c.background.join('; ') || 'none'}`);
  console.log(`\ncold: ${c.requests} requests before the LCP; longest sequential chain:`);
  for (const line of c.chain) console.log(`  ${line}`);
  console.log('warm: longest sequential chain before the LCP:');
  for (const line of w.chain) console.log(`  ${line}`);
  console.log(`first switch to ${SWITCH_TO}: longest sequential chain after the click:`);
  for (const line of s.chain) console.log(`  ${line}`);
}

if (process.argv[1]?.endsWith('run.ts')) {
  main().catch((error: unknown) => {
    console.log(`startup: ${error instanceof Error ? error.stack : String(error)}`);
  });
}
