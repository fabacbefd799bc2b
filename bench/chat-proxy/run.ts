// The chat server's cost as a proxy: time to first token and per-token delay of an answer streamed
// through POST /api/conversations/{id}/messages/v2 against the same scripted OpenAI-compatible
// upstream asked directly, at 1 and 100 concurrent streams, in the same run.
// See bench/README.md#chat-proxy.
//
//   node --import tsx bench/chat-proxy/run.ts [--tokens 60] [--token-ms 5] [--rounds 5] [--concurrency 1,100]
//   TEST_DATABASE_URL=postgres://... to store the messages in PostgreSQL instead of embedded PGlite.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/src/app';
import { createTokenVerifier } from '../../server/src/auth/token-verifier';
import { openDatabase } from '../../server/src/db/database';
import { testConfig } from '../../server/src/testing/test-config';
import { TestIssuer } from '../../server/src/testing/test-issuer';
import { startScriptedModelServer } from '../../tests/fixtures/scripted-model-server';

const { values } = parseArgs({
  options: {
    tokens: { type: 'string', default: '60' },
    'token-ms': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,100' },
  },
});
const TOKENS = Number(values.tokens);
const TOKEN_MS = Number(values['token-ms']);
const ROUNDS = Number(values.rounds);
const LEVELS = values.concurrency.split(',').map(Number);

const ANSWER_CHUNKS = Array.from({ length: TOKENS }, (_, i) => `${i === 0 ? '' : ' '}word${i}`);

interface Timing {
  /** Request sent to first answer token received, ms. */
  firstToken: number;
  /** Mean gap between answer tokens after the first, ms. */
  perToken: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2 : NaN;
};

/** Reads a streamed body and calls `onChunk(text)` per network chunk. */
async function readBody(response: Response, onChunk: (text: string) => void) {
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) onChunk(decoder.decode(chunk, { stream: true }));
}

/**
 * Times of the tokens in a body: one per occurrence of `marker` in what arrived. Every answer
 * token is "word<n>", so the same marker counts tokens in the upstream's SSE chunks and in the
 * server's JSON lines (and not the role chunk or the message event before them).
 */
function timer(start: number, marker: string) {
  const arrivals: number[] = [];
  let carry = '';
  return {
    onChunk(text: string) {
      const now = performance.now();
      const seen = carry + text;
      let index = seen.indexOf(marker);
      while (index !== -1) {
        arrivals.push(now);
        index = seen.indexOf(marker, index + marker.length);
      }
      carry = seen.slice(Math.max(0, seen.length - marker.length + 1));
    },
    result(): Timing {
      if (arrivals.length < 2) throw new Error(`only ${arrivals.length} tokens arrived`);
      return { firstToken: arrivals[0]! - start, perToken: (arrivals.at(-1)! - arrivals[0]!) / (arrivals.length - 1) };
    },
  };
}

async function main() {
  const model = await startScriptedModelServer({
    models: ['scripted-model'],
    rules: [
      { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' },
      { system: 'Write a short title', reply: 'Benchmark' },
      { chunks: ANSWER_CHUNKS, delayMs: TOKEN_MS },
    ],
  });
  const database = process.env.TEST_DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: undefined });
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, { OPENAI_BASE_URL: model.url });
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const app = await buildApp({ config, db: database.db, verifier, logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await issuer.sign({ sub: 'bench-user', roles: [], groups: [] }, { audience: config.auth.audience });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function direct(): Promise<Timing> {
    const start = performance.now();
    const response = await fetch(`${model.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scripted-model', stream: true, messages: [{ role: 'user', content: 'Tell me a story.' }] }),
    });
    const t = timer(start, 'word');
    await readBody(response, t.onChunk);
    return t.result();
  }

  async function proxied(): Promise<Timing> {
    const created = await fetch(`${origin}/api/conversations?name=bench`, { method: 'POST', headers: { authorization: headers.authorization } });
    const { id } = (await created.json()) as { id: string };
    const start = performance.now();
    const response = await fetch(`${origin}/api/conversations/${id}/messages/v2`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'Tell me a story.' }),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    const t = timer(start, 'word');
    await readBody(response, t.onChunk);
    return t.result();
  }

  const run = async (fn: () => Promise<Timing>, concurrency: number) => Promise.all(Array.from({ length: concurrency }, fn));

  try {
    await run(direct, 5);
    await run(proxied, 5); // warm-up: connections, JIT, JWKS, prepared statements
    console.log(
      `Chat proxy overhead: ${TOKENS} tokens ${TOKEN_MS} ms apart from the scripted upstream, ${ROUNDS} rounds, database ${database.kind}`,
    );
    console.log(['streams', 'path', 'first token p50', 'per token p50'].map((h, i) => (i ? h.padStart(16) : h.padEnd(8))).join(''));
    for (const concurrency of LEVELS) {
      const timings = { direct: [] as Timing[], proxied: [] as Timing[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        timings.direct.push(...(await run(direct, concurrency)));
        timings.proxied.push(...(await run(proxied, concurrency)));
      }
      const summary = (list: Timing[]) => ({ first: median(list.map((t) => t.firstToken)), per: median(list.map((t) => t.perToken)) });
      const d = summary(timings.direct);
      const p = summary(timings.proxied);
      for (const [name, s] of [['direct', d], ['server', p]] as const) {
        console.log([String(concurrency).padEnd(8), name.padStart(16), `${s.first.toFixed(2)} ms`.padStart(16), `${s.per.toFixed(3)} ms`.padStart(16)].join(''));
      }
      const goal = concurrency <= 1 ? 1 : 5;
      const added = p.first - d.first;
      console.log(
        `  at ${concurrency} stream(s): the server adds ${added.toFixed(2)} ms to the first token (ratio ${(p.first / d.first).toFixed(2)}; goal <= ${goal} ms: ${added <= goal ? 'met' : 'NOT met'}), ${(p.per - d.per).toFixed(3)} ms per token (ratio ${(p.per / d.per).toFixed(3)})`,
      );
    }
  } finally {
    await app.close();
    await issuer.close();
    await database.close();
    await model.close();
  }
}

await main();
