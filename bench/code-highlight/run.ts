// Highlighting of a finished code block in Chromium at 4x CPU throttling: the old one-pass
// highlighting and the first sliced version (pieces inline in one <pre>) as baselines beside the
// ui's CodeBlock, for a 3 KB and a 10 KB block, in the same run, with the ui's stylesheets.
// See bench/README.md#code-highlight.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundlePage } from '../support/bundle-page';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { Kind, RenderResult } from './page';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '3000,10000' },
    languages: { type: 'string', default: 'typescript,python' },
    throttle: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    kinds: { type: 'string', default: 'one-pass,sliced' },
    width: { type: 'string', default: '1280' },
    /** A directory: screenshots of each kind's finished block (not throttled), compared with one-pass's. */
    screenshots: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const languages = values.languages.split(',');
const throttle = Number(values.throttle);
const rounds = Number(values.rounds);
const kinds = values.kinds.split(',') as Kind[];
const GOAL_MS = 50;
/** The ui's stylesheets a code block uses (the page's bundle has none): tokens, page basics, button, markdown. */
const STYLES = ['tokens', 'base', 'button', 'markdown'].map((name) => readFileSync(resolve(import.meta.dirname, `../../shared/ui/src/styles/${name}.css`), 'utf8')).join('\n');

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

/** What the browser's trace events inside a task are counted as. */
const PARTS: Array<[part: string, names: RegExp]> = [
  ['js', /^(v8\.callFunction|FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|RunMicrotasks|V8\.Execute)$/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/],
  ['layout', /^(Layout|UpdateLayoutTree\.Layout)$/],
  ['paint', /^(PrePaint|Paint|Layerize|Commit|UpdateLayer|PaintImage|ScrollLayer|CompositeLayers)$/],
  ['gc', /^(MajorGC|MinorGC|V8\.GC.*|BlinkGC\..*)$/],
];

/** A task and what it held: ms per part (outermost events of each part only). */
interface Task {
  ms: number;
  parts: Record<string, number>;
}

/** The main-thread tasks (Chromium's RunTask trace events) between the page's marks `bench-start` and `bench-end`, in ms. */
async function traceTasks<T>(cdp: CDPSession, run: () => Promise<T>): Promise<{ result: T; tasks: number[]; scripts: number[]; longest: Task }> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: unknown[] }) => void events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', '__metadata'] }, transferMode: 'ReportEvents' });
  const result = await run();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const isMain = (e: TraceEvent) => main.some((m) => m.pid === e.pid && m.tid === e.tid);
  // Only the tasks between the page's marks (tracing itself adds tasks when it starts and ends).
  const from = events.find((e) => e.name === 'bench-start')!.ts;
  const to = events.find((e) => e.name === 'bench-end')!.ts;
  const complete_ = events.filter((e) => e.ph === 'X' && isMain(e));
  const runTasks = complete_.filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= from && e.ts <= to);
  const tasks = runTasks.map((e) => (e.dur ?? 0) / 1000);
  // JavaScript run by a task (the highlighting, React): FunctionCall events, apart from the
  // browser's own frame work (style, layout, paint) that tasks also hold.
  const scripts = complete_.filter((e) => e.name === 'FunctionCall' && e.ts + (e.dur ?? 0) >= from && e.ts <= to).map((e) => (e.dur ?? 0) / 1000);
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const partsOf = (task: TraceEvent) => {
    const inside = complete_.filter((e) => e !== task && e.ts >= task.ts && end(e) <= end(task));
    const parts: Record<string, number> = {};
    for (const [part, names] of PARTS) {
      const own = inside.filter((e) => names.test(e.name));
      // Outermost only (a FunctionCall may hold a forced Layout: counted as js; nested GC in js too).
      const outer = own.filter((e) => !inside.some((o) => o !== e && PARTS.some(([, n]) => n.test(o.name)) && o.ts <= e.ts && end(o) >= end(e) && (o.dur ?? 0) > (e.dur ?? 0)));
      parts[part] = outer.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
    }
    return parts;
  };
  const byLength = [...runTasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  const task = byLength[0]!;
  const parts = partsOf(task);
  if (process.env.BENCH_DEBUG) {
    for (const t of byLength.slice(0, 5)) console.log(`  task at +${((t.ts - from) / 1000).toFixed(0)} ms: ${((t.dur ?? 0) / 1000).toFixed(1)} = ${held({ parts: partsOf(t) } as Measured)}`);
  }
  return { result, tasks, scripts, longest: { ms: (task.dur ?? 0) / 1000, parts } };
}

interface Measured {
  kind: Kind;
  language: string;
  size: number;
  longest: number;
  /** What the longest task held. */
  parts: Record<string, number>;
  /** The longest JavaScript call in a task, ms. */
  script: number;
  over50: number;
  total: number;
  check: RenderResult['check'];
}

async function measure(page: Page, cdp: CDPSession, kind: Kind, language: string, size: number, spans: number): Promise<Measured> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const { result, tasks, scripts, longest } = await traceTasks(cdp, () =>
    page.evaluate(
      ([k, l, s, n]) => (window as unknown as { renderBlock: (k: Kind, l: string, s: number, n: number) => Promise<RenderResult> }).renderBlock(k, l, s, n),
      [kind, language, size, spans] as const,
    ),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.evaluate(() => (window as unknown as { cleanUp: () => void }).cleanUp());
  if (process.env.BENCH_DEBUG) console.log(kind, language, size, tasks.sort((a, b) => b - a).slice(0, 6).map((t) => t.toFixed(1)).join(' '));
  return { kind, language, size, longest: longest.ms, parts: longest.parts, script: Math.max(0, ...scripts), over50: tasks.filter((t) => t > GOAL_MS).length, total: result.total, check: result.check };
}

interface Summary {
  kind: Kind;
  /** The median round by longest task (a shared machine moves single rounds both ways). */
  median: Measured;
  /** The round with the longest task of all. */
  max: Measured;
  script: number;
  total: number;
  /** Rounds with a task over 50 ms. */
  roundsOver: number;
}

function summarize(runs: Measured[]): Summary {
  const middle = <T,>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  const byLongest = [...runs].sort((a, b) => a.longest - b.longest);
  return {
    kind: runs[0]!.kind,
    median: middle(runs, (m) => m.longest),
    max: byLongest.at(-1)!,
    script: middle(runs, (m) => m.script).script,
    total: middle(runs, (m) => m.total).total,
    roundsOver: runs.filter((m) => m.over50 > 0).length,
  };
}

const held = (m: Measured) =>
  Object.entries(m.parts)
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
    .join(', ');

/** How many pixels differ between two PNG screenshots (decoded in the page), with the box around them; 0 when the same. */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number | string> {
  if (a.equals(b)) return 0;
  return page.evaluate(
    async ([x, y]) => {
      // (No named function in here: tsx would wrap it in a helper the page does not have.)
      const [first, second] = (await Promise.all(
        [x, y].map(async (base64) => {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        }),
      )) as [ImageData, ImageData];
      if (first.width !== second.width || first.height !== second.height) return `${first.width}x${first.height} against ${second.width}x${second.height}`;
      let count = 0;
      let box = [Infinity, Infinity, -1, -1];
      for (let i = 0; i < first.data.length; i += 4) {
        if (first.data[i] !== second.data[i] || first.data[i + 1] !== second.data[i + 1] || first.data[i + 2] !== second.data[i + 2]) {
          count += 1;
          const px = (i / 4) % first.width;
          const py = Math.floor(i / 4 / first.width);
          box = [Math.min(box[0]!, px), Math.min(box[1]!, py), Math.max(box[2]!, px), Math.max(box[3]!, py)];
        }
      }
      return count === 0 ? 0 : `${count} pixels in x ${box[0]}-${box[2]}, y ${box[1]}-${box[3]}`;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

async function main() {
  const script = await bundle();
  const browser = await chromium.launch({
    executablePath: values.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: Number(values.width), height: 800 } });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addStyleTag({ content: STYLES });
    await page.addScriptTag({ content: script });
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    const cdp = await page.context().newCDPSession(page);

    console.log(
      `Code highlighting of a finished block at ${throttle}x CPU, Chromium ${browser.version()}, ${values.width}x800 with the ui's styles; ` +
        `longest main-thread task (trace RunTask), median and max of ${rounds} rounds; goal: <= ${GOAL_MS} ms in every round`,
    );
    const rows: Summary[][] = [];
    const checks: string[] = [];
    const screenshotNotes: string[] = [];
    for (const language of languages) {
      for (const size of sizes) {
        // Warm: lowlight loaded and the language compiled (all paths share them).
        const spans = await page.evaluate(([l, s]) => (window as unknown as { countSpans: (l: string, s: number) => Promise<number> }).countSpans(l, s), [language, size] as const);
        const runs = new Map<Kind, Measured[]>(kinds.map((kind) => [kind, []]));
        for (let round = 0; round < rounds; round += 1) {
          for (const kind of kinds) runs.get(kind)!.push(await measure(page, cdp, kind, language, size, spans));
        }
        rows.push(kinds.map((kind) => summarize(runs.get(kind)!)));
        // What a reader gets must not change: the same scroll size as one pass, the code as text and when selected (copied).
        const reference = runs.get('one-pass')?.[0]?.check;
        for (const kind of kinds) {
          for (const { check } of runs.get(kind)!) {
            const same = !reference || (check.width === reference.width && check.height === reference.height && check.selected === reference.selected);
            const brief = (c: RenderResult['check']) => `scroll ${c.width}x${c.height}, text ${c.text ? 'the code' : 'NOT the code'}, selection ${c.selected.length} chars`;
            if (!same || !check.text) checks.push(`${language} ${size} ${kind}: ${brief(check)}${reference ? ` (one-pass: ${brief(reference)}${check.selected === reference.selected ? '' : ', another selection'})` : ''}`);
          }
        }
        if (values.screenshots) {
          mkdirSync(values.screenshots, { recursive: true });
          const shots = new Map<Kind, Buffer>();
          for (const kind of kinds) {
            await page.evaluate(([k, l, s, n]) => (window as unknown as { renderBlock: (k: Kind, l: string, s: number, n: number) => Promise<RenderResult> }).renderBlock(k, l, s, n), [kind, language, size, spans] as const);
            const shot = await page.locator('.ui-markdown__code').screenshot();
            await page.evaluate(() => (window as unknown as { cleanUp: () => void }).cleanUp());
            writeFileSync(resolve(values.screenshots, `${language}-${size}-${values.width}-${kind}.png`), shot);
            shots.set(kind, shot);
          }
          const base = shots.get(kinds[0]!)!;
          for (const kind of kinds.slice(1)) {
            const diff = await differingPixels(page, base, shots.get(kind)!);
            screenshotNotes.push(`${language} ${size} at ${values.width} px: ${kind} ${diff === 0 ? 'pixel-identical to' : `DIFFERS from (${diff})`} ${kinds[0]} (${values.screenshots})`);
          }
        }
      }
    }

    console.log('task: longest main-thread task, median / max over the rounds; js: longest JavaScript call (median); >50: rounds with a task over 50 ms; total: to fully highlighted (median); ms');
    console.log(['language'.padEnd(11), 'size'.padStart(6), 'kind'.padEnd(14), 'task med', '  max', '    js', '>50', 'total', '  goal (every round <= 50 ms)', '   the max round\'s longest task held'].join('  '));
    for (const row of rows) {
      for (const s of row) {
        console.log(
          [
            s.median.language.padEnd(11),
            String(s.median.size).padStart(6),
            s.kind.padEnd(14),
            s.median.longest.toFixed(1).padStart(8),
            s.max.longest.toFixed(1).padStart(5),
            s.script.toFixed(1).padStart(6),
            `${s.roundsOver}/${rounds}`.padStart(3),
            s.total.toFixed(0).padStart(5),
            (s.max.longest <= GOAL_MS ? '  met' : `  NOT met (max ${(s.max.longest - GOAL_MS).toFixed(1)} over)`).padEnd(29),
            '  ' + held(s.max),
          ].join('  '),
        );
      }
    }
    console.log(checks.length ? `NOT the same for a reader:\n  ${checks.join('\n  ')}` : 'Every round: the same <pre> scroll size as one pass, the code as its text, the same text selected (copied) as one pass.');
    for (const note of screenshotNotes) console.log(note);
  } finally {
    await browser.close();
  }
}

await main();
