// The chat server's cost as a proxy: time to first token and per-token delay of an answer streamed
// through POST /api/conversations/{id}/messages/v2 against the same scripted OpenAI-compatible
// upstream asked directly, at 1 and 100 concurrent streams, in the same run.
// See bench/README.md#chat-proxy.
//
//   node --import tsx bench/chat-proxy/run.ts [--tokens 60] [--token-ms 5] [--rounds 5] [--concurrency 1,100]
//     [--postgres] [--profile-server DIR]
//
// Three processes, so that the server's CPU does not compete with the client's or the fake's in
// one event loop: the scripted model server (tests/fixtures/scripted-model-server.ts, its CLI),
// the API server (bench/chat-proxy/server.ts), and this one, which runs the test issuer and the
// client and measures. Storage: embedded PGlite in the server process; TEST_DATABASE_URL=postgres://...
// for a PostgreSQL, or --postgres to start a throw-away one (scripts/test-postgres.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { testConfig } from '../../server/src/testing/test-config';
import { TestIssuer } from '../../server/src/testing/test-issuer';
import type { ScriptFile } from '../../tests/fixtures/scripted-model-server';

const { values } = parseArgs({
  options: {
    tokens: { type: 'string', default: '60' },
    'token-ms': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,100' },
    postgres: { type: 'boolean', default: false },
    'profile-server': { type: 'string' },
  },
});
const TOKENS = Number(values.tokens);
const TOKEN_MS = Number(values['token-ms']);
const ROUNDS = Number(values.rounds);
const LEVELS = values.concurrency.split(',').map(Number);
const ROOT = resolve(import.meta.dirname, '../..');

const ANSWER_CHUNKS = Array.from({ length: TOKENS }, (_, i) => `${i === 0 ? '' : ' '}word${i}`);
const SCRIPT: ScriptFile = {
  models: ['scripted-model'],
  rules: [
    { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' },
    { system: 'Write a short title', reply: 'Benchmark' },
    { chunks: ANSWER_CHUNKS, delayMs: TOKEN_MS },
  ],
};

interface Timing {
  /** Request sent to first answer token received, ms. */
  firstToken: number;
  /** Mean gap between answer tokens after the first, ms. */
  perToken: number;
  /** Request sent to last answer token received, ms (shows a server that falls behind and then delivers in bursts). */
  lastToken: number;
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
      return { firstToken: arrivals[0]! - start, perToken: (arrivals.at(-1)! - arrivals[0]!) / (arrivals.length - 1), lastToken: arrivals.at(-1)! - start };
    },
  };
}

/** Starts `node --import tsx <file>` and waits for a stdout line matching `ready`; its match. */
async function startChild(name: string, nodeArgs: string[], file: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = await new Promise<RegExpMatchArray>((resolveMatch, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
    lines.on('line', (line) => {
      const found = line.match(ready);
      if (found) resolveMatch(found);
    });
  });
  return { child, match };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolveWait) => setTimeout(resolveWait, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function main() {
  const children: ChildProcess[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'chat-proxy-bench-'));
  let postgres: { url: string; stop(): void } | null = null;
  const issuer = await TestIssuer.start();
  try {
    let databaseUrl = process.env.TEST_DATABASE_URL;
    if (values.postgres && !databaseUrl) {
      // @ts-expect-error: a plain .mjs script without types
      const { startTestPostgres } = (await import('../../scripts/test-postgres.mjs')) as {
        startTestPostgres(): Promise<{ url: string; stop(): void } | null>;
      };
      postgres = await startTestPostgres();
      if (!postgres) throw new Error('--postgres: no PostgreSQL could be started (see scripts/test-postgres.mjs)');
      databaseUrl = postgres.url;
    }

    const scriptFile = join(scratch, 'script.json');
    writeFileSync(scriptFile, JSON.stringify(SCRIPT));
    const model = await startChild(
      'the scripted model server',
      [],
      'tests/fixtures/scripted-model-server.ts',
      ['--port', '0', '--script', scriptFile],
      {},
      /listening on (\S+)/,
    );
    children.push(model.child);
    const modelUrl = model.match[1]!;

    const profile = values['profile-server'];
    const server = await startChild(
      'the API server',
      profile ? ['--cpu-prof', '--cpu-prof-dir', resolve(profile)] : [],
      'bench/chat-proxy/server.ts',
      [],
      { BENCH_ISSUER: issuer.issuer, BENCH_MODEL_URL: modelUrl, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
      /^listening (\S+) (\S+)/,
    );
    children.push(server.child);
    const [, origin, databaseKind] = server.match;

    const config = testConfig(issuer.issuer);
    const token = await issuer.sign({ sub: 'bench-user', roles: [], groups: [] }, { audience: config.auth.audience });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    async function direct(): Promise<Timing> {
      const start = performance.now();
      const response = await fetch(`${modelUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'scripted-model', stream: true, messages: [{ role: 'user', content: 'Tell me a story.' }] }),
      });
      const t = timer(start, 'word');
      await readBody(response, t.onChunk);
      return t.result();
    }

    // The conversations are made before the timed requests (not part of the measure).
    async function newConversation(): Promise<string> {
      const created = await fetch(`${origin}/api/conversations?name=bench`, { method: 'POST', headers: { authorization: headers.authorization } });
      if (created.status !== 201) throw new Error(`${created.status} ${await created.text()}`);
      return ((await created.json()) as { id: string }).id;
    }

    async function proxied(id: string): Promise<Timing> {
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

    const runDirect = (concurrency: number) => Promise.all(Array.from({ length: concurrency }, direct));
    const runProxied = async (concurrency: number) => {
      const ids = await Promise.all(Array.from({ length: concurrency }, newConversation));
      return Promise.all(ids.map(proxied));
    };

    // Warm-up: connections, JIT, JWKS, the model list, prepared statements.
    for (let i = 0; i < 3; i += 1) {
      await runDirect(10);
      await runProxied(10);
    }
    console.log(
      `Chat proxy overhead: ${TOKENS} tokens ${TOKEN_MS} ms apart from the scripted upstream, ${ROUNDS} rounds, database ${databaseKind}, ` +
        'client, server and upstream in 3 processes',
    );
    console.log(['streams', 'path', 'first token p50', 'per token p50', 'last token p50'].map((h, i) => (i ? h.padStart(16) : h.padEnd(8))).join(''));
    for (const concurrency of LEVELS) {
      const timings = { direct: [] as Timing[], proxied: [] as Timing[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        // Alternating order, so neither side always runs right after the other's burst.
        if (round % 2 === 0) {
          timings.direct.push(...(await runDirect(concurrency)));
          timings.proxied.push(...(await runProxied(concurrency)));
        } else {
          timings.proxied.push(...(await runProxied(concurrency)));
          timings.direct.push(...(await runDirect(concurrency)));
        }
      }
      const summary = (list: Timing[]) => ({
        first: median(list.map((t) => t.firstToken)),
        per: median(list.map((t) => t.perToken)),
        last: median(list.map((t) => t.lastToken)),
      });
      const d = summary(timings.direct);
      const p = summary(timings.proxied);
      for (const [name, s] of [['direct', d], ['server', p]] as const) {
        console.log([String(concurrency).padEnd(8), name.padStart(16), `${s.first.toFixed(2)} ms`.padStart(16), `${s.per.toFixed(3)} ms`.padStart(16), `${s.last.toFixed(1)} ms`.padStart(16)].join(''));
      }
      const goal = concurrency <= 1 ? 1 : 5;
      const added = p.first - d.first;
      console.log(
        `  at ${concurrency} stream(s): the server adds ${added.toFixed(2)} ms to the first token (ratio ${(p.first / d.first).toFixed(2)}; goal <= ${goal} ms: ${added <= goal ? 'met' : 'NOT met'}), ${(p.per - d.per).toFixed(3)} ms per token (ratio ${(p.per / d.per).toFixed(3)})`,
      );
    }
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await issuer.close();
    postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
