import 'fake-indexeddb/auto';
import { CANVAS_MAX_CHARACTERS, type StreamEvent } from '@assistant/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { handlers, nextId, resetChatState } from '../../../../__tests__/chat-kit';
import { createLocalCanvasStore } from '../local-canvas-store';

const ndjson = (events: StreamEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');
const edits: unknown[] = [];
let reply: StreamEvent[] = [];
const server = setupServer(
  ...handlers(),
  http.post('*/api/skills/canvas-edit-agent', async ({ request }) => {
    edits.push(await request.json());
    return new HttpResponse(ndjson(reply), { headers: { 'Content-Type': 'application/x-ndjson' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetChatState([], { local: true });
  edits.length = 0;
});

let users = 0;
const freshStore = () => createLocalCanvasStore({ userSub: `canvas-user-${++users}` });

async function drain(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('local canvas store (IndexedDB, per user)', () => {
  it('creates, saves and restores versions with their authors, refusing a stale base like the server', async () => {
    const store = freshStore();
    const conversationId = nextId();
    const created = await store.createCanvas(conversationId, '  Notiz ', '# Notiz\n\nEins.');
    expect(created).toMatchObject({ title: 'Notiz', version: 1, markdown: '# Notiz\n\nEins.', conversation_id: conversationId });
    const saved = await store.saveCanvas(created.id, '# Notiz\n\nZwei.', 1);
    expect(saved.version).toBe(2);
    // The same text again is no new version.
    expect((await store.saveCanvas(created.id, '# Notiz\n\nZwei.', 2)).version).toBe(2);
    await expect(store.saveCanvas(created.id, 'Alt', 1)).rejects.toMatchObject({ status: 409, body: { code: 'conflict' } });
    const restored = await store.restoreVersion(created.id, 1, 2);
    expect(restored).toMatchObject({ version: 3, markdown: '# Notiz\n\nEins.' });
    const versions = await store.listVersions(created.id);
    expect(versions.map((v) => [v.version, v.author, v.restored_from])).toEqual([
      [1, 'user', null],
      [2, 'user', null],
      [3, 'user', 1],
    ]);
    expect((await store.getVersion(created.id, 2)).markdown).toBe('# Notiz\n\nZwei.');
    await expect(store.getVersion(created.id, 9)).rejects.toMatchObject({ status: 404 });
    expect((await store.listCanvases(conversationId)).map((c) => c.id)).toEqual([created.id]);
    expect(await store.listCanvases(nextId())).toEqual([]);
    await store.deleteCanvas(created.id);
    await expect(store.getCanvas(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a document over the limit with 413 and the limit', async () => {
    const store = freshStore();
    await expect(store.createCanvas(nextId(), 'Lang', 'x'.repeat(CANVAS_MAX_CHARACTERS + 1))).rejects.toMatchObject({
      status: 413,
      body: { code: 'payload_too_large', limit: { value: CANVAS_MAX_CHARACTERS, unit: 'characters' } },
    });
  });

  it("streams an edit from the server without canvas_id and keeps the completed result as the model's version", async () => {
    const store = freshStore();
    const canvas = await store.createCanvas(nextId(), 'Notiz', 'Eins. Zwei ist lang. Drei.');
    reply = [
      { kind: 'canvas_edit', event: { type: 'delta', text: 'Zwei' } },
      { kind: 'canvas_edit', event: { type: 'delta', text: ' kurz.' } },
      { kind: 'canvas_edit', event: { type: 'complete', range: { start: 6, end: 20 }, replacement: 'Zwei kurz.' } },
      { kind: 'done' },
    ];
    const events = await drain(await store.edit(canvas, { start: 6, end: 20 }, 'Kürzer', new AbortController().signal));
    expect(edits).toEqual([{ document: 'Eins. Zwei ist lang. Drei.', range: { start: 6, end: 20 }, instruction: 'Kürzer' }]);
    const complete = events.find((event) => event.kind === 'canvas_edit' && event.event.type === 'complete');
    expect(complete).toMatchObject({ event: { version: { version: 2, author: 'model', instruction: 'Kürzer' } } });
    expect((await store.getCanvas(canvas.id)).markdown).toBe('Eins. Zwei kurz. Drei.');
  });

  it('stores nothing when the edit fails', async () => {
    const store = freshStore();
    const canvas = await store.createCanvas(nextId(), 'Notiz', 'Eins. Zwei.');
    reply = [
      { kind: 'canvas_edit', event: { type: 'delta', text: 'X' } },
      { kind: 'error', code: 'edit_outside_range', message: 'The model changed text outside the selection, so nothing was changed' },
    ];
    const events = await drain(await store.edit(canvas, { start: 0, end: 5 }, 'Kürzer', new AbortController().signal));
    expect(events.at(-1)).toMatchObject({ kind: 'error', code: 'edit_outside_range' });
    expect(await store.listVersions(canvas.id)).toHaveLength(1);
  });

  it('refuses an edit based on a version that is no longer current', async () => {
    const store = freshStore();
    const canvas = await store.createCanvas(nextId(), 'Notiz', 'Eins.');
    await store.saveCanvas(canvas.id, 'Zwei.', 1);
    await expect(store.edit(canvas, null, 'Kürzer', new AbortController().signal)).rejects.toMatchObject({ status: 409 });
    expect(edits).toEqual([]);
  });
});
