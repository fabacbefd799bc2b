import { addNamespace, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { Route, Routes } from '@assistant/routing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI_TEXTS_DE, UI_TEXTS_EN, UiTextsProvider } from '@assistant/ui';
import axe from 'axe-core';
import { REMINDER, resetPrompts, setUpPromptTests, store } from '../../__tests__/prompt-kit';
import { ConversationView } from '../../features/conversation/components/conversation-view';
import { FakeChatHistory } from '../../features/conversation/__tests__/conversation-kit';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import PromptsRoute from '../prompts-route';

setUpPromptTests('bypass');

/** The prompt page at /chat/prompts and the chat at /chat (a new conversation), as the module routes them. */
function renderPage(language: 'de' | 'en' = 'en') {
  addNamespace('chat', { de, en });
  const history = new FakeChatHistory([]);
  // The host gives the UI kit its words in the interface language.
  renderWithProviders(
    <UiTextsProvider texts={language === 'de' ? UI_TEXTS_DE : UI_TEXTS_EN}>
      <Routes>
        <Route path="/chat/prompts" element={<PromptsRoute />} />
        <Route path="/chat" element={<ConversationView history={history} conversationId={undefined} />} />
      </Routes>
    </UiTextsProvider>,
    { route: '/chat/prompts', language },
  );
  return history;
}

const item = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('the prompt page', () => {
  it('lists own and shared prompts with their sharing, placeholders and the actions their access allows', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Prompts' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Polite reminder' })).toBeInTheDocument();
    expect(within(item('Polite reminder')).getByText('Placeholders: {{name}}, {{topic}}')).toBeInTheDocument();
    expect(within(item('Release notes')).getByText('Shared with Finance')).toBeInTheDocument();
    // Someone else's, to read: use only.
    const shared = within(item('Summarise minutes'));
    expect(shared.getByText('Shared by Maria')).toBeInTheDocument();
    expect(shared.getByRole('button', { name: 'Use Summarise minutes in the chat' })).toBeInTheDocument();
    expect(shared.queryByRole('button', { name: /Edit|Share|Delete/ })).not.toBeInTheDocument();
    // Their own: everything.
    const own = within(item('Polite reminder'));
    for (const name of ['Edit Polite reminder', 'Share Polite reminder', 'Delete Polite reminder']) expect(own.getByRole('button', { name })).toBeInTheDocument();

    // The search finds by title and text.
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'bullet');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Summarise minutes']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.getByRole('status')).toHaveTextContent('No prompt matches “nothing like it”.');
  });

  it('creates a prompt (both fields required), edits and deletes one', async () => {
    resetPrompts([REMINDER()]);
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 3, name: 'Polite reminder' });
    await user.click(screen.getByRole('button', { name: 'New prompt' }));
    const dialog = screen.getByRole('dialog', { name: 'New prompt' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Please fill in this field.');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(store.calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Translate  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'Translate {{{{text}} into {{{{language}}.');
    expect(within(dialog).getByText('Placeholders: {{text}}, {{language}}')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.calls).toContain('POST /prompts {"title":"Translate","text":"Translate {{text}} into {{language}}."}');
    expect(await screen.findByRole('heading', { level: 3, name: 'Translate' })).toBeInTheDocument();
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toContainEqual({ text: '“Translate” was saved.' });

    await user.click(screen.getByRole('button', { name: 'Edit Translate' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Translate' });
    const title = within(edit).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Translate text');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Translate text' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Translate text' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Translate text?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Translate text' })).not.toBeInTheDocument());
    expect(store.calls.some((call) => call.startsWith('DELETE /prompts/'))).toBe(true);
  });

  it('"Use" opens the chat with the prompt in the message box, its first placeholder selected', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use Release notes in the chat' }));
    const box = (await screen.findByRole('textbox', { name: 'Your message' })) as HTMLTextAreaElement;
    await waitFor(() => expect(box).toHaveValue('Write release notes for {{version}}.'));
    expect(box).toHaveFocus();
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('{{version}}');
  });

  it('opens the share dialog for an own prompt', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share Polite reminder' }));
    expect(await screen.findByRole('dialog', { name: /Polite reminder/ })).toBeInTheDocument();
  });

  it('says when there are none yet, in German, without axe violations', async () => {
    resetPrompts([]);
    renderPage('de');
    expect(await screen.findByRole('heading', { name: 'Noch keine gespeicherten Prompts' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Neuer Prompt' }).length).toBeGreaterThan(0);
    const result = await axe.run(document, {
      rules: Object.fromEntries(['color-contrast', 'target-size', 'region', 'document-title', 'html-has-lang'].map((id) => [id, { enabled: false }])),
    });
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  });

  it('shows a failed load with a retry', async () => {
    store.failList = true;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The prompts could not be loaded' }, { timeout: 8000 })).toBeInTheDocument();
    store.failList = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Polite reminder' })).toBeInTheDocument();
  });
});
