import { applyCanvasReplacement, type CanvasDocument, type CanvasVersion, type StreamEvent } from '@assistant/contracts';
import { addNamespace, createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import type { Editor } from '@tiptap/core';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { CanvasPanel, type CanvasPanelTarget } from '../components/canvas-panel';
import '../editor/__tests__/editor-kit';
import * as rewriteSession from '../editor/rewrite-session';

// The real rewrite session behind a mock a test can override once (module exports cannot be
// reassigned, so jest.spyOn on the namespace does not reach the panel's import).
jest.mock('../editor/rewrite-session', () => {
  const actual = jest.requireActual<typeof import('../editor/rewrite-session')>('../editor/rewrite-session');
  return { ...actual, startRewrite: jest.fn(actual.startRewrite) };
});
import { createServerCanvasStore } from '../store/server-canvas-store';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const CONVERSATION = '7c1d2e3f-4a5b-4c6d-8e7f-000000000001';
const CANVAS = '7c1d2e3f-4a5b-4c6d-8e7f-000000000002';
const NOW = '2026-11-27T10:00:00.000Z';

/** The fake server's canvas: its versions, and what the next edit answers. */
const fake = {
  versions: [] as CanvasVersion[],
  created: [] as unknown[],
  edits: [] as Array<{ document: string; range: unknown; instruction: string }>,
  saves: [] as Array<{ markdown: string; base_version: number }>,
  /** The edit's answer: events to send, and whether the stream then stays open (until aborted). */
  reply: { events: [] as StreamEvent[], hang: false },
};
const documentOf = (): CanvasDocument => ({
  id: CANVAS,
  conversation_id: CONVERSATION,
  title: 'Notiz',
  version: fake.versions.length,
  created_at: NOW,
  updated_at: NOW,
  markdown: fake.versions.at(-1)!.markdown,
});
const addVersion = (markdown: string, author: 'user' | 'model', instruction: string | null = null) => {
  const version: CanvasVersion = { version: fake.versions.length + 1, author, instruction, restored_from: null, characters: markdown.length, created_at: NOW, markdown };
  fake.versions.push(version);
  return version;
};

const server = setupServer(
  http.post('*/api/conversations/:id/canvases', async ({ request }) => {
    const body = (await request.json()) as { title: string; markdown: string };
    fake.created.push(body);
    addVersion(body.markdown, 'user');
    return HttpResponse.json(documentOf(), { status: 201 });
  }),
  http.get('*/api/canvases/:id', () => HttpResponse.json(documentOf())),
  http.put('*/api/canvases/:id/document', async ({ request }) => {
    const body = (await request.json()) as (typeof fake.saves)[number];
    fake.saves.push(body);
    addVersion(body.markdown, 'user');
    return HttpResponse.json(documentOf());
  }),
  http.get('*/api/canvases/:id/versions', () => HttpResponse.json({ versions: fake.versions.map(({ markdown: _markdown, ...summary }) => summary) })),
  http.post('*/api/skills/canvas-edit-agent', async ({ request }) => {
    const body = (await request.json()) as (typeof fake.edits)[number];
    fake.edits.push(body);
    const encoder = new TextEncoder();
    const { events, hang } = fake.reply;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const event of events) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        if (!hang) controller.close();
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  fake.versions = [];
  fake.created = [];
  fake.edits = [];
  fake.saves = [];
  fake.reply = { events: [], hang: false };
});

const NOTE = '# Notiz\n\nEins ist kurz. Zwei ist ein sehr langer Satz mit vielen Wörtern. Drei.';

function renderPanel(target: CanvasPanelTarget = { seed: { title: 'Notiz', markdown: NOTE }, serial: 1 }) {
  addNamespace('chat', { de, en });
  const onCreated = jest.fn();
  const store = Object.assign(createServerCanvasStore(), { scope: { kind: 'server' } as const });
  const view = renderWithProviders(<CanvasPanel store={store} conversationId={CONVERSATION} target={target} onCreated={onCreated} onClose={jest.fn()} />, {
    language: 'en',
  });
  return { onCreated, view, store };
}

/** The whole document rewritten (nothing selected): the events of an edit that answers `replacement`. */
const wholeDocument = (replacement: string, version?: CanvasVersion): StreamEvent[] => {
  const { markdown: _markdown, ...summary } = version ?? ({} as CanvasVersion);
  return [
    { kind: 'canvas_edit', event: { type: 'delta', text: replacement.slice(0, 6) } },
    { kind: 'canvas_edit', event: { type: 'delta', text: replacement.slice(6) } },
    { kind: 'canvas_edit', event: { type: 'complete', range: { start: 0, end: NOTE.length }, replacement, ...(version ? { version: summary } : {}) } },
    { kind: 'done' },
  ];
};

describe('the canvas panel', () => {
  it("creates the canvas from the editor's Markdown of the seed and hands over to it", async () => {
    const { onCreated } = renderPanel();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CANVAS));
    expect(fake.created).toEqual([{ title: 'Notiz', markdown: NOTE }]);
  });

  it('rewrites the whole document from the instruction box, streamed, and shows the new version', async () => {
    addVersion(NOTE, 'user');
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    const rewritten = '# Notiz\n\nKurz.';
    fake.reply = { events: wholeDocument(rewritten, { ...addVersionLater(rewritten) }), hang: false };
    await userEvent.type(within(region).getByRole('textbox', { name: 'Instruction for the model' }), 'Make it short');
    await userEvent.click(within(region).getByRole('button', { name: 'Rewrite' }));
    await within(region).findByText('Saved · version 2');
    expect(fake.edits).toEqual([{ document: NOTE, range: null, instruction: 'Make it short', canvas_id: CANVAS, base_version: 1 }]);
    expect(within(region).getByRole('textbox', { name: 'Document: Notiz' }).textContent).toBe('NotizKurz.');
    expect(announced()).toContain('The passage was rewritten; saved as version 2.');
  });

  it('stops a rewrite: the document is as it was and no version is made', async () => {
    addVersion(NOTE, 'user');
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    fake.reply = { events: [{ kind: 'canvas_edit', event: { type: 'delta', text: 'Halb fert' } }], hang: true };
    await userEvent.click(within(region).getByRole('button', { name: 'Shorter' }));
    const stop = await within(region).findByRole('button', { name: 'Stop rewrite' });
    await within(region).findByText('The model is rewriting…');
    await userEvent.click(stop);
    await within(region).findByText('Saved · version 1');
    expect(within(region).getByRole('textbox', { name: 'Document: Notiz' }).textContent).toBe('NotizEins ist kurz. Zwei ist ein sehr langer Satz mit vielen Wörtern. Drei.');
    expect(announced()).toContain('Rewrite stopped; the document is as it was.');
    expect(fake.versions).toHaveLength(1);
  });

  it('keeps the document when the server refuses the answer for changing text outside the selection', async () => {
    addVersion(NOTE, 'user');
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    fake.reply = {
      events: [
        { kind: 'canvas_edit', event: { type: 'delta', text: 'Anders' } },
        { kind: 'error', code: 'edit_outside_range', message: 'The model changed text outside the selection, so nothing was changed' },
      ],
      hang: false,
    };
    await userEvent.click(within(region).getByRole('button', { name: 'More formal' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('The rewrite failed; the document is as it was. The model changed text outside the selection, so nothing was changed.');
    expect(within(region).getByRole('textbox', { name: 'Document: Notiz' }).textContent).toContain('Zwei ist ein sehr langer Satz');
    expect(within(region).getByText('Saved · version 1')).toBeTruthy();
  });

  it('an editor that cannot put the text in place says so visibly, shows the stored version, and the next save is based on it', async () => {
    addVersion(NOTE, 'user');
    const rewritten = '# Notiz\n\n## Kurz\n\n- eins\n- zwei';
    // The editor fails as it applies the model's text (it ends the region first, as it does).
    const real = jest.requireActual<typeof rewriteSession>('../editor/rewrite-session').startRewrite;
    jest.mocked(rewriteSession.startRewrite).mockImplementationOnce((host, selection) => {
      const session = real(host, selection);
      return {
        ...session,
        finish: () => {
          session.cancel();
          throw new rewriteSession.RewriteApplyError(new RangeError('Called contentMatchAt on a node with invalid content'));
        },
      };
    });
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    fake.reply = { events: wholeDocument(rewritten, addVersion(rewritten, 'model', 'Make it short')), hang: false };
    await userEvent.type(within(region).getByRole('textbox', { name: 'Instruction for the model' }), 'Make it short');
    await userEvent.click(within(region).getByRole('button', { name: 'Rewrite' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('The editor could not put the model’s text in place. The canvas now shows the stored version 2.');
    await within(region).findByText('Saved · version 2');
    const editor = within(region).getByRole('textbox', { name: 'Document: Notiz' });
    expect(editor.textContent).toBe('NotizKurzeinszwei');
    expect(announced()).not.toContain('could not be reached');

    const tiptap = (editor as unknown as { editor: Editor }).editor;
    act(() => void tiptap.chain().focus('end').insertContent(' drei').run());
    await within(region).findByText('Unsaved changes');
    fireEvent.keyDown(editor, { key: 's', ctrlKey: true });
    await within(region).findByText('Saved · version 3');
    expect(fake.saves).toEqual([{ markdown: `${rewritten} drei`, base_version: 2 }]);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('takes up the stored version when an edit fails after the canvas got a newer one', async () => {
    addVersion(NOTE, 'user');
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    // The edit was stored, but the stream broke before its `complete` arrived.
    const stored = '# Notiz\n\nKurz.';
    server.use(
      http.post('*/api/skills/canvas-edit-agent', () => {
        addVersion(stored, 'model', 'Shorter');
        return new HttpResponse(`${JSON.stringify({ kind: 'canvas_edit', event: { type: 'delta', text: 'Ku' } })}\n`, { headers: { 'Content-Type': 'application/x-ndjson' } });
      }),
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Shorter' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('The rewrite failed. The rewrite ended unexpectedly. The canvas now shows the stored version 2.');
    await within(region).findByText('Saved · version 2');
    expect(within(region).getByRole('textbox', { name: 'Document: Notiz' }).textContent).toBe('NotizKurz.');
  });

  it('saves the typed text as the next version with Ctrl+S', async () => {
    addVersion(NOTE, 'user');
    renderPanel({ canvasId: CANVAS });
    const region = await screen.findByRole('region', { name: 'Notiz' });
    await within(region).findByText('Saved · version 1');
    const editor = within(region).getByRole('textbox', { name: 'Document: Notiz' });
    // jsdom cannot type into a contenteditable: the text goes in through TipTap, as typing would.
    const tiptap = (editor as unknown as { editor: Editor }).editor;
    act(() => void tiptap.chain().focus('end').insertContent(' Vier.').run());
    await within(region).findByText('Unsaved changes');
    fireEvent.keyDown(editor, { key: 's', ctrlKey: true });
    await within(region).findByText('Saved · version 2');
    expect(fake.versions[1]!.markdown).toBe(applyCanvasReplacement(NOTE, { start: NOTE.length, end: NOTE.length }, ' Vier.'));
  });
});

/** What the panel said politely so far (its live region). */
const announced = () =>
  screen
    .getAllByRole('status')
    .map((element) => element.textContent)
    .join(' ');

/** The version the fake server stores when the edit completes (the real server stores it before `complete`). */
function addVersionLater(markdown: string): CanvasVersion {
  return addVersion(markdown, 'model', 'Make it short');
}
