// Long conversations in the real chat at 4x CPU: open time (data arrived -> last message painted),
// scrolling up (long frames), INP while typing during a streaming answer, and the JS heap, at
// 100, 500 and 2,000 messages, each beside a floor measured in the same run (a conversation of one
// exchange; for scrolling, a plain static list of the same text). See bench/README.md#long-conversation.
//
//   flock /tmp/heavy.lock node --import tsx bench/long-conversation/run.ts [--sizes 100,500,2000] [--rounds 3]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { sideCallRules, startScriptedModelServer } from '../../tests/fixtures/scripted-model-server';
import { callApiAs } from '../../tests/e2e/support/get-started';
import { signInToPortal } from '../../tests/e2e/support/sign-in';
import { startPortal, type RunningPortal } from '../../tests/e2e/support/start-portal';
import { lastAnswerMarker, makeConversation } from './corpus';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,500,2000' },
    rounds: { type: 'string', default: '3' },
    throttle: { type: 'string', default: '4' },
    /** Wheel steps of 1,000 px up while scrolling toward the top. */
    'wheel-steps': { type: 'string', default: '40' },
    /** Characters typed into the message box while an answer streams (one every 120 ms). */
    keys: { type: 'string', default: '40' },
    /** Screenshots of the 500-message conversation (1280x800 and 390x844, de and en) into this folder. */
    screenshots: { type: 'string' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const ROUNDS = Number(values.rounds);
const THROTTLE = Number(values.throttle);
const WHEEL_STEPS = Number(values['wheel-steps']);
const KEYS = Number(values.keys);
/** The floor: a conversation of one exchange, opened, scrolled and typed into the same way. */
const FLOOR = 2;

const STREAM_QUESTION = 'Bitte eine sehr lange Antwort';
/** About 15 s of answer (900 words, 15 ms apart): the typing happens while it streams. */
const LONG_REPLY = Array.from({ length: 60 }, (_, i) => `Absatz ${i + 1} der langen Antwort mit **fetten** Wörtern und \`Code\` darin, der weiter und weiter geht.\n\n`).join('');
const TYPED = 'Noch eine Frage zu den Reisekosten im Sommer und danach '.repeat(4).slice(0, KEYS);
const GOAL = { openMs: 1000, inpMs: 100 };

/** Installed in every document: frame, event timing and long-animation-frame recorders, and the "opened" wait. */
const PAGE_SCRIPT = `
  performance.setResourceTimingBufferSize(100000);
  window.__bench = { events: [], lafs: [], frames: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.events.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId || 0 });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.lafs.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration || 0 });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  window.__bench.recordFrames = () => {
    const frames = [];
    window.__bench.frames = frames;
    const tick = (t) => { if (window.__bench.frames === frames) { frames.push(t); requestAnimationFrame(tick); } };
    requestAnimationFrame(tick);
  };
  window.__bench.stopFrames = () => { const frames = window.__bench.frames || []; window.__bench.frames = null; return frames; };
  /** Resolves at the first frame after the one in which the last answer, carrying the marker, is in view. */
  window.__bench.opened = (marker) => new Promise((resolve) => {
    const check = () => {
      const answers = document.querySelectorAll('.conversation__message--answer');
      const last = answers[answers.length - 1];
      const scroller = document.querySelector('[data-testid="conversation-scroller"]');
      if (last && scroller && (last.textContent || '').includes(marker)) {
        const box = last.getBoundingClientRect(), view = scroller.getBoundingClientRect();
        if (box.bottom > view.top && box.top < view.bottom) {
          requestAnimationFrame(() => resolve(performance.now()));
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
`;

interface OpenFigures {
  openMs: number;
  clickToPaintMs: number;
  heapMB: number;
  nodes: number;
}

interface ScrollFigures {
  frames: number;
  p95FrameMs: number;
  longestFrameMs: number;
  longFrames: number;
  wallMs: number;
  scrolledPx: number;
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
/** BENCH_DEBUG=1: a CPU profile around a measured step, its functions with the most self time printed. */
const DEBUG = process.env.BENCH_DEBUG === '1';
async function profiled<T>(cdp: CDPSession, label: string, step: () => Promise<T>): Promise<T> {
  if (!DEBUG) return step();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const result = await step();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`-- ${label}: self time (ms)`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`   ${ms.toFixed(1).padStart(8)} ${key}`);
  return result;
}

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function importConversation(portal: RunningPortal, messages: number): Promise<string> {
  const response = await callApiAs(portal, 'employee', 'POST', 'conversations/import', { conversations: [makeConversation(messages)] });
  if (response.status !== 201) throw new Error(`import of ${messages} messages: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { conversations: Array<{ id: string }> };
  return body.conversations[0]!.id;
}

async function throttle(cdp: CDPSession, rate: number) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The chat's new-conversation page, settled (the side panel lists the conversations). */
async function openStart(page: Page, portal: RunningPortal) {
  await page.goto(`${portal.portalUrl}/chat`);
  await page.locator('.conversation__composer textarea').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
}

/** Opens conversation `id` from the side panel and waits for its last answer in view. */
async function openConversation(page: Page, id: string, messages: number): Promise<{ openMs: number; clickToPaintMs: number }> {
  const link = page.locator(`a[href$="/chat/${id}"]`).first();
  await link.waitFor({ timeout: 30_000 });
  const clicked = (await page.evaluate('performance.now()')) as number;
  await link.click();
  const painted = (await page.evaluate(`window.__bench.opened(${JSON.stringify(lastAnswerMarker(messages))})`)) as number;
  const arrived = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource').filter((e) => /\\/conversations\\/${id}\\/messages(\\?|$)/.test(e.name));
    return entries.length ? entries[entries.length - 1].responseEnd : NaN;
  })()`)) as number;
  return { openMs: painted - arrived, clickToPaintMs: painted - clicked };
}

/** The JS heap after a full collection, and the document's nodes. */
async function heapAndNodes(cdp: CDPSession): Promise<{ heapMB: number; nodes: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return { heapMB: usedSize / 1024 / 1024, nodes: metrics.find((m) => m.name === 'Nodes')?.value ?? NaN };
}

/** Wheel steps of 1,000 px up over the scroller (or until the top), frames recorded by requestAnimationFrame. */
async function scrollUp(page: Page, scrollerSelector: string): Promise<ScrollFigures> {
  const box = (await page.locator(scrollerSelector).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = (await page.evaluate(`document.querySelector(${JSON.stringify(scrollerSelector)}).scrollTop`)) as number;
  await page.evaluate('window.__bench.recordFrames()');
  const started = Date.now();
  for (let step = 0; step < WHEEL_STEPS; step += 1) {
    await page.mouse.wheel(0, -1000);
    await page.waitForTimeout(16);
    const top = (await page.evaluate(`document.querySelector(${JSON.stringify(scrollerSelector)}).scrollTop`)) as number;
    if (top <= 0) break;
  }
  await page.waitForTimeout(300);
  const wallMs = Date.now() - started;
  const frames = (await page.evaluate('window.__bench.stopFrames()')) as number[];
  const after = (await page.evaluate(`document.querySelector(${JSON.stringify(scrollerSelector)}).scrollTop`)) as number;
  const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
  return {
    frames: frames.length,
    p95FrameMs: percentile(intervals, 95),
    longestFrameMs: Math.max(0, ...intervals),
    longFrames: intervals.filter((ms) => ms > 50).length,
    wallMs,
    scrolledPx: before - after,
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The scroll floor: the same messages' text as a plain static list (paragraphs, code as <pre>), no script. */
function staticListHtml(messages: number): string {
  const items = makeConversation(messages).messages.map((message) => {
    const blocks = message.content.split(/\n\n+/).map((block) => (block.startsWith('```') ? `<pre>${escapeHtml(block)}</pre>` : `<p>${escapeHtml(block)}</p>`));
    return `<li class="${message.role}">${blocks.join('')}</li>`;
  });
  return `<!doctype html><html><head><style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
    #scroller { height: 100vh; overflow-y: auto; }
    ol { list-style: none; max-width: 52rem; margin: 0 auto; padding: 0; display: flex; flex-direction: column; gap: 0.75rem; }
    li { padding: 0.75rem; border-radius: 0.5rem; } li.user { align-self: flex-end; background: #f1f3f5; }
    pre { background: #f6f8fa; padding: 0.75rem; overflow-x: auto; }
  </style></head><body><div id="scroller"><ol>${items.join('')}</ol></div>
  <script>${PAGE_SCRIPT}; const s = document.getElementById('scroller'); s.scrollTop = s.scrollHeight;</script></body></html>`;
}

/** Types into the message box while the answer to STREAM_QUESTION streams (or with no stream); INP from Event Timing. */
async function typeWhileStreaming(page: Page, cdp: CDPSession, stream: boolean): Promise<{ inpMs: number; interactions: number; slow: number; streamedThrough: boolean }> {
  const box = page.locator('.conversation__composer textarea');
  await box.click();
  if (stream) {
    await box.fill(STREAM_QUESTION);
    await box.press('Enter');
    await page.locator('.conversation__writing').waitFor({ timeout: 30_000 });
    // A few chunks in: the answer is being written.
    await page.waitForTimeout(1000);
  }
  await throttle(cdp, THROTTLE);
  const start = (await page.evaluate('performance.now()')) as number;
  await box.pressSequentially(TYPED, { delay: 120 });
  await page.waitForTimeout(500);
  const streamedThrough = !stream || (await page.locator('.conversation__writing').count()) > 0;
  await throttle(cdp, 1);
  const events = (await page.evaluate('window.__bench.events')) as Array<{ name: string; start: number; duration: number; id: number }>;
  const byInteraction = new Map<number, number>();
  for (const event of events) if (event.id > 0 && event.start >= start) byInteraction.set(event.id, Math.max(byInteraction.get(event.id) ?? 0, event.duration));
  const durations = [...byInteraction.values()];
  if (stream) await page.keyboard.press('Escape');
  await box.fill('');
  // Fewer than 50 interactions: INP is the longest one. None over the 16 ms threshold: under 16.
  if (DEBUG) console.log('   interactions over 16 ms:', events.filter((e) => e.id > 0 && e.start >= start).map((e) => `${e.name} ${Math.round(e.duration)}`).join(', '));
  return { inpMs: durations.length ? Math.max(...durations) : 0, interactions: TYPED.length, slow: durations.filter((ms) => ms > GOAL.inpMs).length, streamedThrough };
}

/**
 * Screenshots of a long conversation for a look (not measured): at its end and scrolled up a few
 * screens (rows that were text before are rendered in full by then), 1280x800 and 390x844, de and en.
 */
async function screenshots(portal: RunningPortal, id: string, folder: string) {
  mkdirSync(folder, { recursive: true });
  for (const locale of ['de-DE', 'en-US']) {
    const { browser, page } = await signInToPortal(portal, `/chat/${id}`, 'employee', locale);
    try {
      for (const [width, height] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${portal.portalUrl}/chat/${id}`);
        const scroller = page.locator('[data-testid="conversation-scroller"]');
        await scroller.waitFor();
        await page.waitForTimeout(2500);
        const name = `${locale.slice(0, 2)}-${width}`;
        await page.screenshot({ path: join(folder, `long-conversation-end-${name}.png`) });
        await scroller.evaluate((element) => element.scrollBy(0, -4000));
        await page.waitForTimeout(2500);
        await page.screenshot({ path: join(folder, `long-conversation-up-${name}.png`) });
      }
    } finally {
      await browser.close();
    }
  }
}

async function main() {
  const model = await startScriptedModelServer({
    models: ['scripted-model'],
    rules: [...sideCallRules(), { match: STREAM_QUESTION, reply: LONG_REPLY, delayMs: 15 }],
  });
  const portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  try {
    const sizes = [FLOOR, ...SIZES];
    const ids = new Map<number, string>();
    for (const size of sizes) ids.set(size, await importConversation(portal, size));
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee');
    try {
      await page.addInitScript(PAGE_SCRIPT);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.enable');

      // Warm up unthrottled: every chunk the conversations need (Markdown, code highlighting, sources) is loaded once.
      await openStart(page, portal);
      await openConversation(page, ids.get(SIZES[0] ?? FLOOR)!, SIZES[0] ?? FLOOR);
      await page.waitForTimeout(1500);

      const opens = new Map<number, OpenFigures[]>();
      const scrolls = new Map<number, ScrollFigures[]>();
      const staticScrolls = new Map<number, ScrollFigures[]>();
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const size of sizes) {
          await openStart(page, portal);
          await throttle(cdp, THROTTLE);
          const open = await openConversation(page, ids.get(size)!, size);
          // Sources, highlighting in slices and the like settle before the heap is read.
          await page.waitForTimeout(2000);
          await throttle(cdp, 1);
          const heap = await heapAndNodes(cdp);
          opens.set(size, [...(opens.get(size) ?? []), { ...open, ...heap }]);
          if (size !== FLOOR) {
            await throttle(cdp, THROTTLE);
            scrolls.set(size, [...(scrolls.get(size) ?? []), await profiled(cdp, `scroll ${size}`, () => scrollUp(page, '[data-testid="conversation-scroller"]'))]);
            await throttle(cdp, 1);
            // The floor for scrolling: the same text as a plain static list, scrolled the same way.
            await page.setContent(staticListHtml(size));
            await throttle(cdp, THROTTLE);
            staticScrolls.set(size, [...(staticScrolls.get(size) ?? []), await scrollUp(page, '#scroller')]);
            await throttle(cdp, 1);
          }
          const last = opens.get(size)!.at(-1)!;
          console.log(`round ${round}, ${size} messages: open ${fmt(last.openMs)} ms (click to paint ${fmt(last.clickToPaintMs)} ms), heap ${fmt(last.heapMB, 1)} MB, ${last.nodes} nodes`);
        }
      }

      // Typing while an answer streams, once per size (each adds one exchange to the conversation).
      const typing = new Map<number, Awaited<ReturnType<typeof typeWhileStreaming>>>();
      await openStart(page, portal);
      await openConversation(page, ids.get(FLOOR)!, FLOOR);
      const idle = await profiled(cdp, 'typing, no stream', () => typeWhileStreaming(page, cdp, false));
      for (const size of sizes) {
        await openStart(page, portal);
        await openConversation(page, ids.get(size)!, size);
        await page.waitForTimeout(1500);
        typing.set(size, await profiled(cdp, `typing ${size}`, () => typeWhileStreaming(page, cdp, true)));
      }

      if (values.screenshots) await screenshots(portal, ids.get(SIZES[1] ?? SIZES[0]!)!, values.screenshots);

      const floorOpen = opens.get(FLOOR)!;
      const floorHeap = median(floorOpen.map((f) => f.heapMB));
      const floorNodes = median(floorOpen.map((f) => f.nodes));
      console.log(`\nLong conversations at ${THROTTLE}x CPU, median of ${ROUNDS} rounds; floor: a conversation of one exchange (${FLOOR} messages)`);
      console.log(`floor: open ${fmt(median(floorOpen.map((f) => f.openMs)))} ms, heap ${fmt(floorHeap, 1)} MB, ${fmt(floorNodes)} nodes`);
      console.log('| messages | open ms (floor) | goal <= 1000 ms | heap MB over floor (per 100 messages) | nodes | scroll: long frames > 50 ms / p95 frame ms (static list) | INP typing while streaming ms (floor) |');
      console.log('|---|---|---|---|---|---|---|');
      const floorOpenMs = median(floorOpen.map((f) => f.openMs));
      const floorTyping = typing.get(FLOOR)!;
      for (const size of SIZES) {
        const figures = opens.get(size)!;
        const openMs = median(figures.map((f) => f.openMs));
        const heap = median(figures.map((f) => f.heapMB)) - floorHeap;
        const scroll = scrolls.get(size)!;
        const still = staticScrolls.get(size)!;
        const typed = typing.get(size)!;
        console.log(
          `| ${size} | ${fmt(openMs)} (${fmt(floorOpenMs)}; ${fmt(openMs / floorOpenMs, 1)}x) | ${openMs <= GOAL.openMs ? 'met' : 'NOT met'} | ${fmt(heap, 1)} (${fmt((heap / size) * 100, 2)}) | ${fmt(median(figures.map((f) => f.nodes)))} | ` +
            `${fmt(median(scroll.map((s) => s.longFrames)))} / ${fmt(median(scroll.map((s) => s.p95FrameMs)), 1)} (${fmt(median(still.map((s) => s.longFrames)))} / ${fmt(median(still.map((s) => s.p95FrameMs)), 1)}), ${fmt(median(scroll.map((s) => s.scrolledPx)))} px | ` +
            `${fmt(typed.inpMs)} (${fmt(floorTyping.inpMs)}) ${typed.inpMs <= GOAL.inpMs ? 'met' : 'NOT met'}${typed.streamedThrough ? '' : ' (stream ended early)'} |`,
        );
      }
      console.log(`typing with no stream in the floor conversation: INP ${fmt(idle.inpMs)} ms (0: no interaction over 16 ms)`);
      const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
      if (small !== large) {
        const heapSmall = median(opens.get(small)!.map((f) => f.heapMB)) - floorHeap;
        const heapLarge = median(opens.get(large)!.map((f) => f.heapMB)) - floorHeap;
        const growth = heapLarge / heapSmall;
        console.log(`heap over the floor grows ${fmt(growth, 1)}x from ${small} to ${large} messages (${fmt(large / small, 0)}x the messages): ${growth < large / small ? 'less than linear, met' : 'NOT met'}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await portal.stop();
    await model.close();
  }
}

await main();
