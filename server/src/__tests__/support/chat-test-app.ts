import type { InjectOptions } from 'fastify';
import { streamEventSchema, type StreamEvent } from '@assistant/contracts';
import { buildApp } from '../../app';
import { createTokenVerifier } from '../../auth/token-verifier';
import type { DatabaseHandle } from '../../db/database';
import { testConfig } from '../../testing/test-config';
import { TestIssuer } from '../../testing/test-issuer';

/** The API over a given database for the chat tests, with two employees (employee, other). */
export async function startChatTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, env);
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const app = await buildApp({ config, db: handle.db, verifier, logger: false });
  const users = {
    employee: { sub: 'employee', roles: [], groups: [] },
    other: { sub: 'other-employee', roles: [], groups: [] },
  };
  type User = keyof typeof users;
  let origin: Promise<string> | undefined;
  return {
    app,
    db: handle.db,
    token: (user: User = 'employee') => issuer.sign(users[user], { audience: config.auth.audience }),
    async as(user: User, options: InjectOptions) {
      const token = await issuer.sign(users[user], { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    /** Serves the app on a free port (once); answers its origin. */
    listen: () => (origin ??= app.listen({ host: '127.0.0.1', port: 0 })),
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await issuer.close();
    },
  };
}
export type ChatTestApp = Awaited<ReturnType<typeof startChatTestApp>>;

/** Every line of a JSON-lines answer, each validated against the stream envelope. */
export function parseEvents(body: string): StreamEvent[] {
  if (!body.endsWith('\n')) throw new Error(`the stream does not end with a line break: ${body.slice(-200)}`);
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => streamEventSchema.parse(JSON.parse(line)));
}

/** The events in short: `message`, `intent`, `stream_text:begin:reasoning`, `stream_text:append`, ... */
export function shape(events: StreamEvent[]): string[] {
  return events.map((event) => {
    if (event.kind !== 'stream_text') return event.kind;
    const e = event.event;
    return e.type === 'begin' ? `stream_text:begin:${e.channel ?? 'answer'}` : `stream_text:${e.type}`;
  });
}

/** The text one channel's stream wrote. */
export function channelText(events: StreamEvent[], channel: 'answer' | 'reasoning'): string {
  const ids = new Set(
    events.flatMap((event) =>
      event.kind === 'stream_text' && event.event.type === 'begin' && (event.event.channel ?? 'answer') === channel ? [event.event.stream_id] : [],
    ),
  );
  return events
    .map((event) => (event.kind === 'stream_text' && event.event.type === 'append' && ids.has(event.event.stream_id) ? event.event.delta : ''))
    .join('');
}

/**
 * POSTs JSON with node:http (not fetch, which reads ahead) and answers the response paused: a
 * client that reads nothing, for the backpressure tests.
 */
export async function postAndPause(url: string, token: string, payload: unknown): Promise<import('node:http').IncomingMessage> {
  const { request } = await import('node:http');
  const body = JSON.stringify(payload);
  const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
  res.pause();
  return res;
}

/**
 * How many chunks the scripted model got to send once it stopped getting further (everything
 * between it and the paused client is full): polled every 100 ms until it stays put.
 */
export async function chunksSentWhenStalled(chunksSent: () => number | undefined): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = chunksSent() ?? 0;
    if (sent === last) break;
    last = sent;
  }
  return last;
}
