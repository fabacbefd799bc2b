import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { serverLoggerOptions } from '../log-trace-context';

function capture(traceContext: boolean) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(serverLoggerOptions('info', { traceContext }), sink), lines };
}

describe('server log lines', () => {
  it('redacts credentials and text fields wherever a line carries them', () => {
    const { logger, lines } = capture(false);
    logger.warn({ answer: 'the model said something private', prompt: 'p', content: 'c', messages: [{ role: 'user' }], token: 't', headers: { authorization: 'Bearer abc', cookie: 'sid=1' } }, 'x');
    const [line] = lines;
    for (const key of ['answer', 'prompt', 'content', 'messages', 'token']) assert.equal(line![key], '[Redacted]', key);
    assert.deepEqual(line!.headers, { authorization: '[Redacted]', cookie: '[Redacted]' });
    assert.doesNotMatch(JSON.stringify(lines), /private|Bearer|sid=1/);
  });

  it('logs a request without its headers and query string', () => {
    const { logger, lines } = capture(false);
    logger.info({ req: { method: 'GET', url: '/api/search?q=salary%20of%20bob', headers: { authorization: 'Bearer abc' }, host: 'h', ip: '10.0.0.1' } }, 'incoming request');
    assert.deepEqual(lines[0]!.req, { method: 'GET', url: '/api/search', host: 'h', remoteAddress: '10.0.0.1' });
  });

  it('has no trace ids without an active span (tracing off)', () => {
    const { logger, lines } = capture(true);
    logger.info('start');
    assert.equal(lines[0]!.trace_id, undefined);
  });
});
