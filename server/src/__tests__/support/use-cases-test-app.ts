import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { streamEventSchema, type StreamEvent } from '@assistant/contracts';
import type { Database } from '../../db/database';
import { SettingsRepository } from '../../db/repositories/settings-repository';
import { loadSettingsSeed } from '../../settings/load-seed';
import { DEMO_SEED_FILE } from '../../testing/test-app';

/** A part of a multipart form: a text field, or a file. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body of the given parts, for `inject`. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The demo settings (both use-case flags on), stored once; answers the repository to switch flags. */
export async function seedDemoSettings(db: Database): Promise<SettingsRepository> {
  const settings = new SettingsRepository(db);
  await settings.seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
  return settings;
}

/** Every line of a JSON-lines answer, each validated against the stream envelope. */
export function streamEvents(body: string): StreamEvent[] {
  assert.ok(body.endsWith('\n'), 'the stream ends with a line break');
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => streamEventSchema.parse(JSON.parse(line)));
}

/** `stream_text:begin`, ..., `done`: the kinds of a stream's events. */
export function streamShape(list: StreamEvent[]): string[] {
  return list.map((event) => (event.kind === 'stream_text' ? `stream_text:${event.event.type}` : event.kind));
}

/** The text the stream's appends make. */
export function streamedText(list: StreamEvent[]): string {
  return list.map((event) => (event.kind === 'stream_text' && event.event.type === 'append' ? event.event.delta : '')).join('');
}
