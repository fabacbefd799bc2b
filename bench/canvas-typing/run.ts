// Typing in the canvas editor on a 20-page document while a model rewrite streams into a
// paragraph near its end, beside typing with no rewrite (the baseline), in the same run, in
// Chromium at 4x CPU throttling. See bench/README.md#canvas-typing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import type { EventEntry, Keystroke } from './page';

const { values } = parseArgs({
  options: {
    characters: { type: 'string', default: '60000' },
    keys: { type: 'string', default: '60' },
    'key-ms': { type: 'string', default: '100' },
    chunk: { type: 'string', default: '6' },
    'chunk-ms': { type: 'string', default: '30' },
    throttle: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    /** Writes a Chromium trace of the first throttled round of each kind to this folder (for chrome://tracing or Perfetto). */
    trace: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const characters = Number(values.characters);
const keys = Number(values.keys);
const keyMs = Number(values['key-ms']);
const chunk = Number(values.chunk);
const chunkMs = Number(values['chunk-ms']);
const throttle = Number(values.throttle);
const rounds = Number(values.rounds);

/** Where the user types (the end of the first section's first paragraph). */
const CARET_AFTER = 'Die Planung für das nächste Jahr beginnt hier.';
/** The paragraph near the end that the model rewrites (plain text, unique). */
const REWRITTEN =
  'Dieser Absatz wird vom Modell überarbeitet: Er fasst die Ergebnisse aller Regionen zusammen, nennt die offenen Risiken in der Lieferkette und schlägt vor, die Budgets für das kommende Jahr im Januar gemeinsam mit den Teams festzulegen.';

/**
 * A document of about `target` characters (20 pages of about 3 000): sections with a heading, two
 * paragraphs with bold, italics, a link and inline code, a list, every third a numbered list and
 * code, every fifth a table. Deterministic; in the canvas's normalised Markdown, so it reads back
 * exactly as written.
 */
export function makeDocument(target = 60_000): string {
  const parts: string[] = [];
  let section = 0;
  const words = ['Umsatz', 'Planung', 'Kosten', 'Lieferkette', 'Vertrieb', 'Personal', 'Einkauf', 'Qualität', 'Service', 'Projekt'];
  while (parts.join('\n\n').length < target - 2_000) {
    section += 1;
    const word = words[section % words.length]!;
    parts.push(`## ${section}. ${word} im Bereich ${section}`);
    parts.push(
      `${section === 1 ? `${CARET_AFTER} ` : ''}Der Bereich ${word} hat im dritten Quartal **${section + 3} %** mehr erreicht als geplant. ` +
        `Die Details stehen im [Bericht ${section}](https://intranet.example.com/berichte/${section}) und in \`bereich_${section}.csv\`; ` +
        `die *vorläufigen* Zahlen werden nach dem Abschluss geprüft. Die Teams haben die Abläufe vereinfacht, die Wartezeiten gesenkt ` +
        `und die Zusammenarbeit mit den Partnern verbessert.`,
    );
    parts.push(
      `Für das nächste Jahr sind drei Schwerpunkte vorgesehen: die Digitalisierung der Bestellungen, eine bessere Planung der Lagerbestände ` +
        `und die Schulung der neuen Mitarbeitenden. Die Kosten dafür liegen bei etwa ${120 + section} T€, die Einsparungen ab dem zweiten Jahr ` +
        `bei ${80 + section} T€ jährlich. Über die Freigabe entscheidet die Geschäftsführung im Dezember.`,
    );
    parts.push([`- Ziel: ${word} stärken`, '- Verantwortlich: Bereichsleitung', `- Budget: ${100 + section} T€`, '- Termin: Ende des Quartals'].join('\n'));
    if (section % 3 === 0) {
      parts.push(['1. Bestand aufnehmen', '2. Maßnahmen planen', '3. Ergebnisse prüfen'].join('\n'));
      parts.push(['```ts', `export function quote${section}(ist: number, plan: number): number {`, '  return plan === 0 ? 0 : Math.round((ist / plan) * 1000) / 10;', '}', '```'].join('\n'));
    }
    if (section % 5 === 0) {
      parts.push(
        ['| Monat | Umsatz (T€) | Kosten (T€) | Marge |', '| :--- | ---: | ---: | ---: |', ...['Juli', 'August', 'September'].map((month, i) => `| ${month} | ${100 + section * 3 + i} | ${70 + i} | ${20 + i} % |`)].join('\n'),
      );
    }
    parts.push('> Hinweis: Alle Angaben sind vorläufig.');
  }
  parts.push('## Zusammenfassung', REWRITTEN, 'Ende des Dokuments.');
  return parts.join('\n\n');
}

/** A replacement long enough to stream for the whole typing window. */
function makeReplacement(length: number): string {
  const sentence =
    'Das Modell fasst hier die Ergebnisse knapper zusammen, nennt die wichtigsten Risiken und schlägt einen klaren Zeitplan für die Budgets vor. ';
  let text = '';
  while (text.length < length) text += sentence;
  return text.slice(0, length).trimEnd() + '.';
}

async function bundle(): Promise<{ script: string; css: string }> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, 'page.tsx')],
    bundle: true,
    write: false,
    outdir: join(tmpdir(), 'bench-canvas-typing'),
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: process.env.BENCH_MINIFY !== "0",
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff': 'empty', '.woff2': 'empty', '.svg': 'empty', '.png': 'empty' },
    logLevel: 'error',
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  return { script, css };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Typed {
  keystrokes: Keystroke[];
  events: EventEntry[];
  longTasks: number[];
  updates: number;
  /** ms of the rewrite's finish (put back, the final replacement, the check against the server's text). */
  finish: number;
  /** Main-thread time (Chromium's TaskDuration) per second of typing, ms. */
  busy: number;
  /** Of which script, style and layout (ScriptDuration, RecalcStyleDuration, LayoutDuration), ms per second. */
  script: number;
  style: number;
  layout: number;
}

type PageWindow = Record<string, (...args: never[]) => unknown>;
const call = <T,>(page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([n, a]) => (window as unknown as Record<string, (...x: unknown[]) => unknown>)[n as string]!(...(a as unknown[])), [name, args] as const) as Promise<T>;

/** Types `count` characters at `interval` ms (start to start) through the DevTools protocol. */
async function type(page: Page, count: number, interval: number): Promise<void> {
  const text = 'Umsatz steigt weiter, Kosten sinken. ';
  const start = Date.now();
  for (let i = 0; i < count; i += 1) {
    const wait = start + i * interval - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await page.keyboard.type(text[i % text.length]!);
  }
}

/** Starts a Chromium trace of the page (DevTools timeline categories); the returned function writes it to a file. */
async function startTrace(page: Page): Promise<(path: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'input', 'latencyInfo'] },
    transferMode: 'ReturnAsStream',
  });
  return async (path) => {
    const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream! });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream! });
    writeFileSync(path, text);
    await cdp.detach();
  };
}

async function typing(page: Page, document: string, streaming: boolean, rate: number, count = keys, tracePath?: string): Promise<Typed> {
  await call(page, 'setMarkdown', document);
  await call(page, 'placeCaret', CARET_AFTER);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => list.find((m) => m.name === name)!.value * 1000;
    return { task: get('TaskDuration'), script: get('ScriptDuration'), style: get('RecalcStyleDuration'), layout: get('LayoutDuration') };
  };
  let updates = 0;
  let finish = 0;
  try {
    if (streaming) {
      const replacement = makeReplacement(Math.ceil(((count * keyMs) / chunkMs) * chunk * 1.3));
      await page.evaluate(
        ([anchor, text, size, ms, caret]) => {
          const w = window as unknown as PageWindow;
          (w.startStream as (a: string, t: string, c: number, m: number) => unknown)(anchor, text, size, ms);
          (w.placeCaret as (c: string) => void)(caret);
        },
        [REWRITTEN, replacement, chunk, chunkMs, CARET_AFTER] as const,
      );
    }
    await call(page, 'startRecording');
    const tracing = tracePath ? await startTrace(page) : null;
    const before = await metrics();
    const started = Date.now();
    await type(page, count, keyMs);
    const after = await metrics();
    if (tracing) await tracing(tracePath!);
    const seconds = (Date.now() - started) / 1000;
    const perSecond = (key: keyof typeof before) => (after[key] - before[key]) / seconds;
    if (streaming) ({ updates, finish } = await call<{ updates: number; finish: number }>(page, 'stopStream', 'Das Modell fasst die Ergebnisse knapper zusammen.'));
    const recorded = await call<Omit<Typed, 'updates' | 'finish' | 'busy' | 'script' | 'style' | 'layout'>>(page, 'stopRecording');
    return { ...recorded, updates, finish, busy: perSecond('task'), script: perSecond('script'), style: perSecond('style'), layout: perSecond('layout') };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function throttled<T>(page: Page, rate: number, work: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await work();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function main() {
  const document = makeDocument(characters);
  const { script, css } = await bundle();
  const profile = mkdtempSync(join(tmpdir(), 'bench-canvas-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: values.chromium,
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body></body></html>');
    if (css) await page.addStyleTag({ content: css });
    await page.addScriptTag({ content: script });
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    const firstMount = await call<{ sync: number; frame: number }>(page, 'mount', document);

    const blocks = document.split('\n\n').length;
    console.log(`Canvas typing: a ${Math.round(document.length / 3000)}-page document, ${document.length} characters (${blocks} blocks), Chromium ${context.browser()?.version() ?? ''}`);
    console.log(`${keys} keystrokes ${keyMs} ms apart in the first section; the rewrite streams ${chunk} characters every ${chunkMs} ms into a paragraph near the end`);
    console.log(`first mount with the document (cold, 1x): ${firstMount.sync.toFixed(0)} ms, to the next frame ${firstMount.frame.toFixed(0)} ms`);

    // Mounting, loading and writing the document (best of 3 each), at 1x and at the throttled rate.
    const best = (items: number[]) => Math.min(...items);
    for (const rate of [1, throttle]) {
      const mounts: Array<{ sync: number; frame: number }> = [];
      const loads: Array<{ sync: number; frame: number; serialize: number }> = [];
      const warm: number[] = [];
      await throttled(page, rate, async () => {
        for (let i = 0; i < 3; i += 1) {
          mounts.push(await call(page, 'mount', document));
          loads.push(await call(page, 'load', document));
          await call(page, 'placeCaret', CARET_AFTER);
          await page.keyboard.type('x');
          warm.push(await call(page, 'serializeAfterKeystroke'));
        }
      });
      console.log(
        `CPU ${rate}x: mount with the document ${best(mounts.map((m) => m.frame)).toFixed(0)} ms to its first frame; ` +
          `setMarkdown ${best(loads.map((l) => l.sync)).toFixed(0)} ms (${best(loads.map((l) => l.frame)).toFixed(0)} ms to the next frame); ` +
          `getMarkdown ${best(loads.map((l) => l.serialize)).toFixed(1)} ms after a load, ${best(warm).toFixed(2)} ms after a keystroke`,
      );
    }

    // Warm-up (JIT), then baseline and streaming rounds interleaved.
    await typing(page, document, true, 1, 20);
    await typing(page, document, false, 1, 20);
    const runs = { baseline: [] as Typed[], streaming: [] as Typed[] };
    for (let round = 0; round < rounds; round += 1) {
      const trace = (kind: string) => (values.trace && round === 0 ? join(values.trace, `canvas-typing-${kind}.json`) : undefined);
      runs.baseline.push(await typing(page, document, false, throttle, keys, trace('baseline')));
      runs.streaming.push(await typing(page, document, true, throttle, keys, trace('streaming')));
    }

    const summary = (typed: Typed[]) => {
      const strokes = typed.flatMap((run) => run.keystrokes);
      const events = typed.flatMap((run) => run.events);
      const longTasks = typed.flatMap((run) => run.longTasks);
      // Event Timing reports only events of 16 ms or more: the others count as below that.
      const keydowns = events.filter((e) => e.name === 'keydown').map((e) => e.duration);
      const eventDurations = [...keydowns, ...Array.from({ length: Math.max(0, strokes.length - keydowns.length) }, () => 0)];
      return {
        event95: percentile(eventDurations, 95),
        busy: typed.reduce((sum, run) => sum + run.busy, 0) / typed.length,
        script: typed.reduce((sum, run) => sum + run.script, 0) / typed.length,
        style: typed.reduce((sum, run) => sum + run.style, 0) / typed.length,
        layout: typed.reduce((sum, run) => sum + run.layout, 0) / typed.length,
        n: strokes.length,
        delay50: percentile(strokes.map((s) => s.delay), 50),
        delay95: percentile(strokes.map((s) => s.delay), 95),
        frame50: percentile(strokes.map((s) => s.frame), 50),
        frame95: percentile(strokes.map((s) => s.frame), 95),
        slowEvents: events.length,
        slowestEvent: events.length ? Math.max(...events.map((e) => e.duration)) : 0,
        longTasks: longTasks.length,
        longestTask: longTasks.length ? Math.max(...longTasks) : 0,
        updates: typed.reduce((sum, run) => sum + run.updates, 0),
        finish: Math.max(...typed.map((run) => run.finish)),
      };
    };
    const base = summary(runs.baseline);
    const streaming = summary(runs.streaming);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      [
        name.padEnd(22),
        `${s.n}`.padStart(5),
        `${s.delay50.toFixed(1)} / ${s.delay95.toFixed(1)}`.padStart(15),
        `${s.frame50.toFixed(1)} / ${s.frame95.toFixed(1)}`.padStart(17),
        (s.event95 < 16 ? '< 16' : s.event95.toFixed(0)).padStart(13),
        `${s.slowEvents}${s.slowEvents ? ` (max ${s.slowestEvent.toFixed(0)})` : ''}`.padStart(15),
        s.busy.toFixed(0).padStart(10),
        `${s.longTasks}${s.longTasks ? ` (max ${s.longestTask.toFixed(0)})` : ''}`.padStart(15),
      ].join('  ');
    console.log('');
    console.log(`CPU ${throttle}x, ${rounds} rounds interleaved, all keystrokes pooled (times in ms):`);
    console.log(
      ['typing'.padEnd(22), 'keys'.padStart(5), 'delay p50 / p95'.padStart(15), 'frame p50 / p95'.padStart(17), 'keydown p95'.padStart(13), 'events >= 16'.padStart(15), 'busy ms/s'.padStart(10), 'tasks > 50 ms'.padStart(15)].join('  '),
    );
    console.log(row('baseline (no rewrite)', base));
    console.log(row('while a rewrite streams', streaming));
    console.log(`  (the rewrite: ${streaming.updates} updates sent over the ${rounds} rounds; finish took at most ${streaming.finish.toFixed(0)} ms)`);
    const split = (s: ReturnType<typeof summary>) => `script ${s.script.toFixed(0)}, style ${s.style.toFixed(0)}, layout ${s.layout.toFixed(0)} ms/s`;
    console.log(`  main thread, baseline: ${split(base)}; while streaming: ${split(streaming)}`);
    console.log('');
    console.log('delay: from the keydown event\'s time stamp to its first listener (waiting for the main thread);');
    console.log('frame: from the time stamp to the next animation frame after it (waiting + handling + the frame);');
    console.log('keydown p95: Event Timing duration of keydown (to the next paint; entries under 16 ms are not reported);');
    console.log('events >= 16: Event Timing entries of keydown, keypress, beforeinput, input, keyup of 16 ms or more;');
    console.log('busy: main-thread time (all tasks) per second of typing.');
    const ratio = streaming.frame95 / base.frame95;
    console.log(`ratio p95 keydown -> frame, streaming / baseline: ${ratio.toFixed(2)}`);
    const worst = Math.max(streaming.frame95, streaming.delay95);
    console.log(`p95 input delay while a rewrite streams: ${streaming.delay95.toFixed(1)} ms, to the next frame ${streaming.frame95.toFixed(1)} ms (goal <= 50 ms: ${worst <= 50 ? 'met' : 'NOT met'})`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
