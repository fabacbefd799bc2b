/**
 * Stream-reader benchmark: events per second of the platform's readJsonLines (with
 * schema validation against the stream envelope) against a plain per-line JSON.parse loop over the
 * same bytes, measured in the same run. Goal: the reader reaches at least half the plain loop's
 * rate. Prints figures; never fails (not a test).
 *
 *   node --import tsx bench/stream-reader/run.ts [--events 50000] [--rounds 9] [--seed 42]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { streamEventSchema, type StreamEvent } from '../../shared/contracts/src/index';
import { readJsonLines } from '../../shared/platform/src/streaming/read-json-lines';
import { mulberry32 } from '../support/seeded-random';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '9' },
    seed: { type: 'string', default: '42' },
    'min-chunk': { type: 'string', default: '1' },
    'max-chunk': { type: 'string', default: '16384' },
  },
});
const EVENTS = Number(values.events);
const ROUNDS = Number(values.rounds);
const MIN_CHUNK = Number(values['min-chunk']);
const MAX_CHUNK = Number(values['max-chunk']);
const GOAL = 0.5;

// ---- deterministic input ------------------------------------------------------------------

const random = mulberry32(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const WORDS = ['Die', 'Antwort', 'auf', 'Ihre', 'Frage', 'lautet', 'Grüße', 'aus', 'Köln', '👋', 'the', 'answer', 'is', 'größer', 'als', '½', 'Straße', '日本語', 'and', 'so', 'on'];
const uuid = () =>
  'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(random() * 16).toString(16));

/** A realistic answer stream: mostly text appends, with tool calls and an intent now and then. */
function makeEvents(count: number): StreamEvent[] {
  const events: StreamEvent[] = [
    { kind: 'message', conversation_id: uuid(), user_message_id: uuid(), assistant_message_id: uuid() },
    { kind: 'stream_text', event: { stream_id: 's1', type: 'begin', channel: 'answer' } },
  ];
  let call = 0;
  while (events.length < count - 2) {
    const r = random();
    if (r < 0.9) {
      const delta = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(WORDS)).join(' ') + ' ';
      events.push({ kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta } });
    } else if (r < 0.95) {
      call += 1;
      events.push({ kind: 'tool', event: { call_id: `c${call}`, name: 'search_collections', type: 'begin' } });
    } else if (r < 0.99) {
      events.push({
        kind: 'tool',
        event: {
          call_id: `c${call}`,
          name: 'search_collections',
          type: 'end',
          content: [
            {
              type: 'resource',
              resource: { uri: `doc://handbuch/${call}`, mimeType: 'application/pdf', metadata: { fileName: 'Handbuch.pdf', title: 'Handbuch', totalPages: 12 } },
              source_index: 0,
            },
            { type: 'text', text: 'Auszug: Die Reisekosten werden binnen 14 Tagen erstattet.', source_index: 1 },
          ],
        },
      });
    } else {
      events.push({
        kind: 'intent',
        event: {
          payload: { trace_id: `t-${call}`, answer: 'Hallo!' },
          intent_response: { greeting: true, chitchat: false, question: false, clarification: false, unclear: false, summary: false },
        },
      });
    }
  }
  events.push({ kind: 'stream_text', event: { stream_id: 's1', type: 'end' } }, { kind: 'done' });
  return events;
}

const events = makeEvents(EVENTS);
for (const event of events) streamEventSchema.parse(event); // the input is valid, so both sides count the same
const bytes = new TextEncoder().encode(events.map((e) => JSON.stringify(e)).join('\n') + '\n');

const chunks: Uint8Array[] = [];
for (let at = 0; at < bytes.length; ) {
  const size = MIN_CHUNK + Math.floor(random() * (MAX_CHUNK - MIN_CHUNK + 1));
  chunks.push(bytes.subarray(at, at + size));
  at += size;
}

// ---- the contenders ---------------------------------------------------------------------

function streamOfChunks(): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

/** Baseline: decode the same bytes, split on newlines, JSON.parse each line. No validation. */
function plainLoop(): number {
  const text = new TextDecoder().decode(bytes);
  let count = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    JSON.parse(line);
    count += 1;
  }
  return count;
}

type Schema = Parameters<typeof readJsonLines>[1];

/** For the reference row: accepts every line as it is (the reader only calls safeParse). */
const acceptAll = { safeParse: (value: unknown) => ({ success: true, data: value }) } as unknown as Schema;

async function reader(schema: Schema): Promise<number> {
  let count = 0;
  for await (const _event of readJsonLines(streamOfChunks(), schema)) count += 1;
  return count;
}

async function time(run: () => number | Promise<number>): Promise<number> {
  const started = performance.now();
  const count = await run();
  const seconds = (performance.now() - started) / 1000;
  if (count !== events.length) throw new Error(`counted ${count} events, expected ${events.length}`);
  return count / seconds;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en-US').padStart(11)} events/s`;

async function main() {
  const contenders = {
    plain: () => plainLoop(),
    validated: () => reader(streamEventSchema),
    unvalidated: () => reader(acceptAll),
  };
  // Warm-up: let the JIT see every path once.
  for (const run of Object.values(contenders)) await time(run);

  const rates: Record<keyof typeof contenders, number[]> = { plain: [], validated: [], unvalidated: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate the order so neither side always runs on a warmer or colder heap.
    const order = round % 2 === 0 ? (['plain', 'validated', 'unvalidated'] as const) : (['unvalidated', 'validated', 'plain'] as const);
    for (const name of order) rates[name].push(await time(contenders[name]));
  }

  const plain = median(rates.plain);
  const validated = median(rates.validated);
  const unvalidated = median(rates.unvalidated);
  const ratio = validated / plain;

  console.log('Stream reader benchmark (bench/stream-reader/run.ts)');
  console.log(`  node ${process.version}, ${events.length.toLocaleString('en-US')} events, ${(bytes.length / 1e6).toFixed(2)} MB, ${chunks.length} chunks of ${MIN_CHUNK}-${MAX_CHUNK} bytes, ${ROUNDS} rounds (median)`);
  console.log(`  plain JSON.parse loop (baseline, no validation) ${fmt(plain)}`);
  console.log(`  readJsonLines + streamEventSchema               ${fmt(validated)}`);
  console.log(`  readJsonLines, no validation                    ${fmt(unvalidated)}   (for reference)`);
  console.log(`  ratio reader/plain: ${ratio.toFixed(2)}  goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  // A broken benchmark is reported, but the exit code stays 0: this never fails CI.
});
