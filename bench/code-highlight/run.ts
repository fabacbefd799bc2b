// Highlighting of a finished code block in Chromium at 4x CPU throttling: the old one-pass
// highlighting (baseline) beside the ui's CodeBlock highlighting in slices, for a 3 KB and a 10 KB
// block, in the same run. See bench/README.md#code-highlight.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundlePage } from '../support/bundle-page';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { RenderResult } from './page';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '3000,10000' },
    languages: { type: 'string', default: 'typescript,python' },
    throttle: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const languages = values.languages.split(',');
const throttle = Number(values.throttle);
const rounds = Number(values.rounds);
const GOAL_MS = 50;

const bundle = () => bundlePage(resolve(import.meta.dirname, 'page.tsx'));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The main-thread tasks (Chromium's RunTask trace events) between the page's marks `bench-start` and `bench-end`, in ms. */
async function traceTasks<T>(cdp: CDPSession, run: () => Promise<T>): Promise<{ result: T; tasks: number[]; scripts: number[] }> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: unknown[] }) => void events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', '__metadata'] }, transferMode: 'ReportEvents' });
  const result = await run();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const isMain = (e: TraceEvent) => main.some((m) => m.pid === e.pid && m.tid === e.tid);
  // Only the tasks between the page's marks (tracing itself adds tasks when it starts and ends).
  const from = events.find((e) => e.name === 'bench-start')!.ts;
  const to = events.find((e) => e.name === 'bench-end')!.ts;
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && isMain(e) && e.ts + (e.dur ?? 0) >= from && e.ts <= to)
    .map((e) => (e.dur ?? 0) / 1000);
  // JavaScript run by a task (the highlighting, React): FunctionCall events, apart from the
  // browser's own frame work (style, layout, paint) that tasks also hold.
  const scripts = events
    .filter((e) => e.ph === 'X' && e.name === 'FunctionCall' && isMain(e) && e.ts + (e.dur ?? 0) >= from && e.ts <= to)
    .map((e) => (e.dur ?? 0) / 1000);
  if (process.env.BENCH_DEBUG) {
    const longest = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && isMain(e) && e.ts + (e.dur ?? 0) >= from && e.ts <= to).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]!;
    const inside = events.filter((e) => e.ph === 'X' && isMain(e) && e !== longest && !/RunTask|OnHandleReady/.test(e.name) && e.ts >= longest.ts && e.ts <= longest.ts + (longest.dur ?? 0));
    console.log('  longest task:', inside.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 5).map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', '));
  }
  return { result, tasks, scripts };
}

interface Measured {
  kind: string;
  language: string;
  size: number;
  longest: number;
  /** The longest JavaScript call in a task, ms. */
  script: number;
  over50: number;
  total: number;
}

async function measure(page: Page, cdp: CDPSession, kind: string, language: string, size: number, spans: number): Promise<Measured> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const { result, tasks, scripts } = await traceTasks(cdp, () =>
    page.evaluate(
      ([k, l, s, n]) => (window as unknown as { renderBlock: (k: string, l: string, s: number, n: number) => Promise<RenderResult> }).renderBlock(k, l, s, n),
      [kind, language, size, spans] as const,
    ),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.evaluate(() => (window as unknown as { cleanUp: () => void }).cleanUp());
  if (process.env.BENCH_DEBUG) console.log(kind, language, size, tasks.sort((a, b) => b - a).slice(0, 6).map((t) => t.toFixed(1)).join(' '));
  return { kind, language, size, longest: Math.max(...tasks), script: Math.max(0, ...scripts), over50: tasks.filter((t) => t > GOAL_MS).length, total: result.total };
}

/** The median round by longest task (a shared machine moves single rounds both ways), with the median total and the most tasks over 50 ms. */
function median(runs: Measured[]): Measured {
  const middle = <T,>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  return { ...middle(runs, (m) => m.longest), script: middle(runs, (m) => m.script).script, total: middle(runs, (m) => m.total).total, over50: Math.max(...runs.map((m) => m.over50)) };
}

async function main() {
  const script = await bundle();
  const browser = await chromium.launch({
    executablePath: values.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: script });
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    const cdp = await page.context().newCDPSession(page);

    console.log(`Code highlighting of a finished block at ${throttle}x CPU, Chromium ${browser.version()}; longest main-thread task (trace RunTask) and time to fully highlighted, median of ${rounds} rounds`);
    const rows: Array<{ base: Measured; sliced: Measured }> = [];
    for (const language of languages) {
      for (const size of sizes) {
        // Warm: lowlight loaded and the language compiled (both paths share them).
        const spans = await page.evaluate(([l, s]) => (window as unknown as { countSpans: (l: string, s: number) => Promise<number> }).countSpans(l, s), [language, size] as const);
        const base: Measured[] = [];
        const sliced: Measured[] = [];
        for (let round = 0; round < rounds; round += 1) {
          base.push(await measure(page, cdp, 'one-pass', language, size, spans));
          sliced.push(await measure(page, cdp, 'sliced', language, size, spans));
        }
        rows.push({ base: median(base), sliced: median(sliced) });
      }
    }

    const cells = (m: Measured) => [m.longest.toFixed(1).padStart(7), m.script.toFixed(1).padStart(6), String(m.over50).padStart(3), m.total.toFixed(0).padStart(5)];
    console.log('task: longest main-thread task; js: longest JavaScript call in a task; >50: tasks over 50 ms (most in a round); total: to fully highlighted; ms');
    console.log(['language'.padEnd(11), 'size'.padStart(6), '| one-pass: task', '    js', '>50', 'total', '| sliced: task', '    js', '>50', 'total', '| task ratio', 'goal (task <= 50 ms)'].join('  '));
    for (const { base, sliced } of rows) {
      console.log(
        [
          base.language.padEnd(11),
          String(base.size).padStart(6),
          '| ' + cells(base).join('  ').padStart(35),
          '| ' + cells(sliced).join('  ').padStart(33),
          ('| ' + (sliced.longest / base.longest).toFixed(2)).padStart(10),
          sliced.longest <= GOAL_MS ? 'met' : `NOT met (${(sliced.longest - GOAL_MS).toFixed(1)} ms over)`,
        ].join('  '),
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
