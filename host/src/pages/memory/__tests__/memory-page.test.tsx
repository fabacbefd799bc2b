import { MEMORY_MAX_PER_USER, type Memory } from '@assistant/contracts';
import { createApiClients, queryClient, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { UI_TEXTS_DE, UI_TEXTS_EN, UiTextsProvider } from '@assistant/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { MemoryPage } from '../memory-page';

/** The server's memory, kept by the handlers below as /api/memories does (newest first, once per text). */
let memories: Memory[];
let useMemory: boolean;
let failList: boolean;
let failSwitch: boolean;
let next: number;

const memory = (text: string, source: Memory['source'] = 'settings'): Memory => {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return { id, text, source, created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };
};
const conflict = () => HttpResponse.json({ code: 'conflict', message: 'This is remembered already' }, { status: 409 });

const server = setupServer(
  http.get('*/api/memories', () =>
    failList ? HttpResponse.json({ code: 'internal', message: 'Down' }, { status: 500 }) : HttpResponse.json({ memories, use_memory: useMemory }),
  ),
  http.post('*/api/memories', async ({ request }) => {
    const { text } = (await request.json()) as { text: string };
    if (memories.some((m) => m.text.toLowerCase() === text.toLowerCase()) || memories.length >= MEMORY_MAX_PER_USER) return conflict();
    const added = memory(text);
    memories = [added, ...memories];
    return HttpResponse.json(added, { status: 201 });
  }),
  http.patch('*/api/memories/:id', async ({ request, params }) => {
    const { text } = (await request.json()) as { text: string };
    if (memories.some((m) => m.id !== params.id && m.text === text)) return conflict();
    memories = memories.map((m) => (m.id === params.id ? { ...m, text } : m));
    return HttpResponse.json(memories.find((m) => m.id === params.id));
  }),
  http.delete('*/api/memories/:id', ({ params }) => {
    memories = memories.filter((m) => m.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete('*/api/memories', () => {
    const deleted = memories.length;
    memories = [];
    return HttpResponse.json({ deleted });
  }),
  http.put('*/api/memories/settings', async ({ request }) => {
    if (failSwitch) return HttpResponse.json({ code: 'forbidden', message: 'Memory is switched off' }, { status: 403 });
    useMemory = ((await request.json()) as { use_memory: boolean }).use_memory;
    return HttpResponse.json({ use_memory: useMemory });
  }),
);

beforeAll(() => {
  addShellTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  next = 0;
  memories = [memory('Ich arbeite im Einkauf', 'chat'), memory('My cost centre is 4711')];
  useMemory = true;
  failList = false;
  failSwitch = false;
  queryClient.clear();
});

const renderPage = (language: 'de' | 'en' = 'en') =>
  renderWithProviders(
    <UiTextsProvider texts={language === 'en' ? UI_TEXTS_EN : UI_TEXTS_DE}>
      <main>
        <MemoryPage />
      </main>
    </UiTextsProvider>,
    { language, route: '/memory' },
  );
const items = () => within(screen.getByRole('list', { name: 'Your memories' })).getAllByRole('listitem');

describe('Memory page', () => {
  it('lists what the user asked to be remembered, where it came from, with the switch on; axe clean', async () => {
    renderPage('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Memory' })).toBeInTheDocument();
    await screen.findByText('Ich arbeite im Einkauf');
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Said in a chat on 20/11/2026'),
      expect.stringContaining('Added here on 20/11/2026'),
    ]);
    expect(screen.getByText('2 of 50 memories')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Use memory' })).toBeChecked();

    document.title = 'Memory';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('adds a memory, checked before it is sent, and says when it is remembered already', async () => {
    const user = userEvent.setup();
    renderPage('en');
    const field = await screen.findByRole('textbox', { name: 'Something the assistant should remember' });
    await user.click(screen.getByRole('button', { name: 'Remember' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please enter something.'));

    await user.type(field, 'I prefer short answers');
    await user.click(screen.getByRole('button', { name: 'Remember' }));
    expect(await screen.findByText('I prefer short answers')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Remembered.');
    expect(field).toHaveValue('');
    expect(items()[0]).toHaveTextContent('I prefer short answers');

    await user.type(field, 'My cost centre is 4711');
    await user.click(screen.getByRole('button', { name: 'Remember' }));
    expect(await screen.findByText('This is remembered already.')).toBeInTheDocument();
    expect(field).toHaveValue('My cost centre is 4711');
  });

  it('edits a memory inline (Escape cancels) and deletes one after asking', async () => {
    const user = userEvent.setup();
    renderPage('en');
    await user.click(await screen.findByRole('button', { name: 'Edit “My cost centre is 4711”' }));
    const field = screen.getByRole('textbox', { name: 'Edit memory' });
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit memory' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit “My cost centre is 4711”' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit “My cost centre is 4711”' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit memory' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit memory' }), 'My cost centre is 4712');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('My cost centre is 4712')).toBeInTheDocument();
    expect(memories.map((m) => m.text)).toEqual(['Ich arbeite im Einkauf', 'My cost centre is 4712']);

    await user.click(screen.getByRole('button', { name: 'Delete “Ich arbeite im Einkauf”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this memory?' });
    expect(dialog).toHaveTextContent('The assistant forgets “Ich arbeite im Einkauf”.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Ich arbeite im Einkauf')).toBeNull());
    expect(memories.map((m) => m.text)).toEqual(['My cost centre is 4712']);
  });

  it('deletes all after asking, then shows the empty state in German', async () => {
    const user = userEvent.setup();
    renderPage('de');
    await user.click(await screen.findByRole('button', { name: 'Alle löschen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Alle Erinnerungen löschen?' });
    expect(dialog).toHaveTextContent('(2 Erinnerungen)');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByRole('heading', { name: 'Noch keine Erinnerungen' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Alle Erinnerungen wurden gelöscht.');
    expect(memories).toEqual([]);
  });

  it('switches use off, puts the switch back when the server refuses, and offers a retry when the list fails', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage('en');
    const toggle = await screen.findByRole('switch', { name: 'Use memory' });
    await user.click(toggle);
    await waitFor(() => expect(useMemory).toBe(false));
    expect(toggle).not.toBeChecked();
    failSwitch = true;
    await user.click(toggle);
    expect(await screen.findByText(/The setting could not be saved/)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    unmount();
    queryClient.clear();

    failList = true;
    renderPage('en');
    expect(await screen.findByText('Your memories could not be loaded')).toBeInTheDocument();
    failList = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ich arbeite im Einkauf')).toBeInTheDocument();
  });

  it('says when the memory is full and takes nothing more', async () => {
    memories = Array.from({ length: MEMORY_MAX_PER_USER }, (_, i) => memory(`Fact ${i}`));
    renderPage('en');
    expect(await screen.findAllByText(/50 memories are saved, which is the most there can be/)).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Something the assistant should remember' })).toBeDisabled();
  });
});
