// The openai SDK's stream decoder against a plain request with a small SSE parser
// (server/src/inference/server-sent-events.ts), on the same answer from a local SSE server: CPU and
// wall time per streamed exchange (request, 60 chunks, each in its own write), sequential and
// 100 at once. The SSE server is a child process, so only the client's CPU is counted.
//
//   node --import tsx bench/chat-proxy/decoder.ts [--exchanges 2000] [--tokens 60]
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { sseData } from '../../server/src/inference/server-sent-events';

// The server's own openai SDK (a dependency of server/, not of the bench).
interface SdkClient {
  chat: { completions: { create(body: unknown): Promise<AsyncIterable<{ choices: Array<{ delta?: { content?: string | null } }> }>> } };
}
type SdkModule = { default?: new (options: object) => SdkClient } & (new (options: object) => SdkClient);
const OpenAI = createRequire(new URL('../../server/package.json', import.meta.url))('openai') as SdkModule;

const { values } = parseArgs({ options: { exchanges: { type: 'string', default: '2000' }, tokens: { type: 'string', default: '60' }, child: { type: 'boolean', default: false } } });
const TOKENS = Number(values.tokens);

if (values.child) {
  const { createServer } = await import('node:http');
  const events = Array.from({ length: TOKENS }, (_, i) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: ` word${i}` }, finish_reason: null }] })}\n\n`,
  );
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const next = () => {
        if (i < events.length) {
          response.write(events[i++]);
          setImmediate(next);
        } else response.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', '--tokens', String(TOKENS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('listening') && resolve(line.split(' ')[1]!)));
  const baseURL = `http://127.0.0.1:${port}/v1`;
  const body = { model: 'm', stream: true as const, messages: [{ role: 'user' as const, content: 'Tell me a story.' }], max_tokens: 100 };
  const sdk = new (OpenAI.default ?? OpenAI)({ baseURL, apiKey: 'unused', maxRetries: 0 });
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

  const check = (text: string) => {
    if (!text.endsWith(` word${TOKENS - 1}`)) throw new Error(`incomplete: ${text.slice(-40)}`);
  };
  const viaSdk = async () => {
    const stream = await sdk.chat.completions.create(body);
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    check(text);
  };
  const parse = async (bytes: AsyncIterable<Uint8Array>) => {
    let text = '';
    for await (const { data } of sseData(bytes)) text += (JSON.parse(data) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content ?? '';
    check(text);
  };
  const viaFetch = async () => {
    const response = await fetch(`${baseURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer unused' }, body: JSON.stringify(body) });
    await parse(response.body as unknown as AsyncIterable<Uint8Array>);
  };
  const viaHttp = () =>
    new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${baseURL}/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: 'Bearer unused' } }, (response) => {
        parse(response).then(resolve, reject);
      });
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });

  const ways = { 'openai SDK': viaSdk, 'fetch + sseData': viaFetch, 'node:http + sseData': viaHttp } as const;
  const EXCHANGES = Number(values.exchanges);
  const measure = async (run: () => Promise<void>, parallel: number) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let done = 0; done < EXCHANGES; done += parallel) await Promise.all(Array.from({ length: parallel }, run));
    const used = process.cpuUsage(cpu);
    return { cpu: (used.user + used.system) / 1000 / EXCHANGES, wall: (performance.now() - start) / EXCHANGES };
  };
  for (const run of Object.values(ways)) await measure(run, 10); // warm-up
  console.log(`Stream decoders: ${EXCHANGES} exchanges of ${TOKENS} chunks each, client CPU per exchange (ms), 3 rounds, median`);
  for (const parallel of [1, 100]) {
    const results: Record<string, number[]> = {};
    for (let round = 0; round < 3; round += 1) {
      for (const [name, run] of Object.entries(ways)) (results[name] ??= []).push((await measure(run, parallel)).cpu);
    }
    const sdkCpu = [...results['openai SDK']!].sort((a, b) => a - b)[1]!;
    for (const [name, list] of Object.entries(results)) {
      const cpu = [...list].sort((a, b) => a - b)[1]!;
      console.log(`  ${String(parallel).padStart(3)} at once  ${name.padEnd(22)} ${cpu.toFixed(3)} ms  (${(cpu / sdkCpu).toFixed(2)}x the SDK)`);
    }
  }
  child.kill();
  process.exit(0);
}
