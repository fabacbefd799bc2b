import {
  CANVAS_ERRORS,
  CANVAS_MAX_CHARACTERS,
  CANVAS_MAX_PER_CONVERSATION,
  applyCanvasReplacement,
  canvasTitleSchema,
  canvasTooLong,
  streamEventSchema,
  type Canvas,
  type CanvasAuthor,
  type CanvasDocument,
  type CanvasEditRequestInput,
  type CanvasVersion,
  type StreamEvent,
} from '@assistant/contracts';
import { apiClients, type HttpClient } from '@assistant/platform';
import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { localFailure } from '../../history';
import type { CanvasStore } from './canvas-store';

/** The IndexedDB database of a user's canvases: one per user, beside the conversations' own. */
export const LOCAL_CANVAS_DB_PREFIX = 'assistant-canvas';

/** One canvas as stored: the canvas and every version, oldest first. */
interface LocalCanvasRecord {
  canvas: Canvas;
  versions: CanvasVersion[];
}

export interface LocalCanvasStoreOptions {
  userSub: string;
  /** The /api client that streams the edits; the platform's by default. */
  client?: () => HttpClient;
  now?: () => Date;
  newId?: () => string;
  store?: UseStore;
}

function refused(which: keyof typeof CANVAS_ERRORS) {
  const { statusCode, code, message } = CANVAS_ERRORS[which];
  return localFailure(statusCode, message, { code });
}

function tooLong() {
  return localFailure(413, `A canvas holds at most ${CANVAS_MAX_CHARACTERS} characters`, {
    code: 'payload_too_large',
    limit: { value: CANVAS_MAX_CHARACTERS, unit: 'characters' },
  });
}

function documentOf(record: LocalCanvasRecord): CanvasDocument {
  return { ...record.canvas, markdown: record.versions.at(-1)!.markdown };
}

/**
 * Canvases kept in this browser for one user (`enableLocalChatHistory`): the same refusals as the
 * server; an edit streams from the server without `canvas_id` (it stores nothing) and its result
 * is stored here as the next version when the stream completes.
 */
export function createLocalCanvasStore(options: LocalCanvasStoreOptions): CanvasStore {
  const store = options.store ?? createStore(`${LOCAL_CANVAS_DB_PREFIX}.${options.userSub}`, 'canvases');
  const client = options.client ?? (() => apiClients().api);
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const newId = options.newId ?? (() => crypto.randomUUID());

  // One queue for every write, so read-modify-write steps never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  function change<T>(id: string, apply: (record: LocalCanvasRecord) => T): Promise<T> {
    const step = queue.then(async () => {
      const record = await get<LocalCanvasRecord>(id, store);
      if (!record) throw refused('canvasNotFound');
      const result = apply(record);
      await set(id, record, store);
      return result;
    });
    queue = step.catch(() => undefined);
    return step;
  }
  async function read(id: string): Promise<LocalCanvasRecord> {
    await queue;
    const record = await get<LocalCanvasRecord>(id, store);
    if (!record) throw refused('canvasNotFound');
    return record;
  }
  function addVersion(record: LocalCanvasRecord, markdown: string, author: CanvasAuthor, extra: Partial<Pick<CanvasVersion, 'instruction' | 'restored_from'>> = {}) {
    const at = now();
    const version = record.canvas.version + 1;
    record.versions.push({ version, author, instruction: extra.instruction ?? null, restored_from: extra.restored_from ?? null, characters: markdown.length, created_at: at, markdown });
    record.canvas = { ...record.canvas, version, updated_at: at };
    return record.versions.at(-1)!;
  }

  const self: CanvasStore = {
    kind: 'local',
    async listCanvases(conversationId) {
      await queue;
      const records = await values<LocalCanvasRecord>(store);
      return records
        .map((record) => record.canvas)
        .filter((canvas) => canvas.conversation_id === conversationId)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    },
    async createCanvas(conversationId, title, markdown) {
      const checked = canvasTitleSchema.safeParse(title);
      if (!checked.success) throw localFailure(400, `body/title ${checked.error.issues[0]!.message}`, { code: 'validation_failed' });
      const checkedTitle = checked.data;
      if (canvasTooLong(markdown)) throw tooLong();
      if ((await self.listCanvases(conversationId)).length >= CANVAS_MAX_PER_CONVERSATION) throw refused('tooManyCanvases');
      const at = now();
      const canvas: Canvas = { id: newId(), conversation_id: conversationId, title: checkedTitle, version: 1, created_at: at, updated_at: at };
      const record: LocalCanvasRecord = {
        canvas,
        versions: [{ version: 1, author: 'user', instruction: null, restored_from: null, characters: markdown.length, created_at: at, markdown }],
      };
      const step = queue.then(() => set(canvas.id, record, store));
      queue = step.catch(() => undefined);
      await step;
      return documentOf(record);
    },
    async getCanvas(id) {
      return documentOf(await read(id));
    },
    saveCanvas(id, markdown, baseVersion) {
      if (canvasTooLong(markdown)) return Promise.reject(tooLong());
      return change(id, (record) => {
        if (record.canvas.version !== baseVersion) throw refused('staleVersion');
        if (record.versions.at(-1)!.markdown !== markdown) addVersion(record, markdown, 'user');
        return documentOf(record);
      });
    },
    async listVersions(id) {
      return (await read(id)).versions.map(({ markdown: _markdown, ...summary }) => summary);
    },
    async getVersion(id, version) {
      const found = (await read(id)).versions.find((entry) => entry.version === version);
      if (!found) throw refused('versionNotFound');
      return found;
    },
    restoreVersion(id, version, baseVersion) {
      return change(id, (record) => {
        if (record.canvas.version !== baseVersion) throw refused('staleVersion');
        const found = record.versions.find((entry) => entry.version === version);
        if (!found) throw refused('versionNotFound');
        addVersion(record, found.markdown, 'user', { restored_from: version });
        return documentOf(record);
      });
    },
    async deleteCanvas(id) {
      await read(id);
      const step = queue.then(() => del(id, store));
      queue = step.catch(() => undefined);
      await step;
    },
    async edit(canvas, range, instruction, signal) {
      const current = await self.getCanvas(canvas.id);
      if (current.version !== canvas.version) throw refused('staleVersion');
      if (current.markdown !== canvas.markdown) throw refused('documentMismatch');
      const body: CanvasEditRequestInput = { document: canvas.markdown, range, instruction };
      const events = await client().stream('skills/canvas-edit-agent', body, streamEventSchema, signal);
      // The server stores nothing without canvas_id: the completed edit becomes the next version
      // here, and its `complete` event then carries that version like the server's does.
      async function* keep(): AsyncGenerator<StreamEvent> {
        for await (const event of events) {
          if (event.kind === 'canvas_edit' && event.event.type === 'complete') {
            const { replacement } = event.event;
            const { markdown: _markdown, ...version } = await change(canvas.id, (record) => {
              if (record.canvas.version !== canvas.version) throw refused('staleVersion');
              return addVersion(record, applyCanvasReplacement(canvas.markdown, range, replacement), 'model', { instruction });
            });
            yield { ...event, event: { ...event.event, version } };
            continue;
          }
          yield event;
        }
      }
      return keep();
    },
  };
  return self;
}
