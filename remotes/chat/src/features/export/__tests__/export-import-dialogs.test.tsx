import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conversationExportSchema, conversationImportRequestSchema, type Conversation } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { conversation as fixtureConversation, messages as fixtureMessages } from '../model/__tests__/export-fixtures';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const chatGptFile = readFileSync(join(__dirname, '../model/__tests__/fixtures/chatgpt-conversations.json'), 'utf8');
const dialog = () => screen.getByRole('dialog');

// Rules that need real layout are left to the browser run; the document around the page is the host's.
const DISABLED = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region'];

async function noAxeViolations() {
  const result = await axe.run(document, { rules: Object.fromEntries(DISABLED.map((id) => [id, { enabled: false }])) });
  expect(result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }))).toEqual([]);
}

describe('export and import in the conversation list', () => {
  let saved: Blob[];
  let imports: unknown[];
  beforeEach(() => {
    resetChatState([conversation({ ...fixtureConversation })]);
    const [stored] = backend.conversations as [Conversation];
    backend.messages.set(stored.id, fixtureMessages.map((message) => ({ ...message, conversation_id: stored.id })));
    saved = [];
    imports = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:export'), revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom has no canvas; axe asks for one to tell icon ligatures from text.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    server.use(
      http.get('*/api/projects', () => HttpResponse.json({ projects: [] })),
      // Grounded answers' sources: not computed here (the export keeps their tool steps).
      http.get('*/api/conversations/:id/messages/:messageId/sources', () => HttpResponse.json({ code: 'sources_not_ready', message: 'not yet' }, { status: 409 })),
      http.post('*/api/conversations/import', async ({ request }) => {
        const body = conversationImportRequestSchema.parse(await request.json());
        imports.push(body);
        const created = body.conversations.map((file) => conversation({ name: file.name, created_at: file.created_at, updated_at: file.updated_at }));
        backend.conversations.push(...created);
        return HttpResponse.json({ conversations: created }, { status: 201 });
      }),
    );
  });
  afterEach(() => jest.restoreAllMocks());

  it('exports a conversation as JSON from its menu: every message of every branch, named after the conversation', async () => {
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${fixtureConversation.name}` }));
    await userEvent.click(screen.getByRole('button', { name: `Export ${fixtureConversation.name}` }));
    expect(dialog()).toHaveAccessibleName(`Export “${fixtureConversation.name}”`);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'JSON (.json)' }));
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('“Reisekosten für Zürich & München.json” was downloaded.');
    const file = conversationExportSchema.parse(JSON.parse(await saved[0]!.text()));
    expect(file.conversations[0]!.messages).toHaveLength(5);
    expect(file.conversations[0]!.messages[2]!.tool_events).toEqual(fixtureMessages[3]!.tool_events);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Markdown (.md)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const markdown = await saved[1]!.text();
    expect(markdown).toContain('## You\n\nWelche Übernachtungspauschale gilt in Zürich?');
    expect(markdown).toContain('- [1] Reiserichtlinie.pdf, p. 4');
    await noAxeViolations();
  });

  it("imports ChatGPT's conversations.json, says what came in and what was left out, and lists them", async () => {
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Import conversations…' }));
    expect(dialog()).toHaveAccessibleName('Import conversations');
    await noAxeViolations();
    const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([chatGptFile], 'conversations.json', { type: 'application/json' }));
    expect(await within(dialog()).findByText('2 conversations imported from “conversations.json”.')).toBeInTheDocument();
    expect(
      within(dialog()).getByText(
        'Left out: 2 images, 1 uploaded file, 2 tool steps, 1 conversation listed twice, and 1 conversation without messages.',
      ),
    ).toBeInTheDocument();
    expect(imports).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Reisekosten Zürich' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meeting notes' })).toBeInTheDocument();
    await noAxeViolations();
  });

  it('says why a file cannot be imported, in German', async () => {
    await renderChat('/chat', 'de');
    await userEvent.click(await screen.findByRole('button', { name: 'Unterhaltungen importieren…' }));
    const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['keine Daten'], 'notizen.json', { type: 'application/json' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Die Datei ist keine JSON-Datei.');
    await userEvent.upload(input, new File([JSON.stringify({ format: 'assistant.conversations', format_version: 1, exported_at: 'gestern', conversations: [] })], 'alt.json'));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Die Datei entspricht nicht dem Exportformat: exported_at:');
    expect(imports).toEqual([]);
    expect(within(dialog()).getByRole('button', { name: 'Weitere Datei importieren' })).toBeInTheDocument();
  });
});
