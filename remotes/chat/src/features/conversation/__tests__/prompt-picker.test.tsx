import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { resetPrompts, setUpPromptTests, store } from '../../../__tests__/prompt-kit';
import { FakeChatHistory, renderConversation } from './conversation-kit';

setUpPromptTests('error');

const box = () => screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
const options = () => within(screen.getByRole('listbox', { name: 'Saved prompts' })).getAllByRole('option');
const selected = (field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd);
/** The picker's own polite status (the view's comes first in the document). */
const pickerStatus = () => [...document.querySelectorAll('[role="status"][aria-live="polite"]')].at(-1) as HTMLElement;

describe('the composer’s prompt picker', () => {
  it('opens on "/" with the user’s and shared prompts, narrows as they type and moves by arrows', async () => {
    renderConversation(new FakeChatHistory([]));
    const user = userEvent.setup();
    await user.click(box());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('/');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(options().map((o) => o.querySelector('.prompt-picker__title')?.textContent)).toEqual(['Polite reminder', 'Release notes', 'Summarise minutes']);
    expect(options()[2]).toHaveTextContent('Shared by Maria');
    // The field points at the list and its active option; the first is active.
    const listbox = screen.getByRole('listbox');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(pickerStatus()).toHaveTextContent('3 prompts. Up and down arrows choose, Enter inserts.'));

    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[1]!.id);

    // Title words first, then words of the text; accents and case do not matter.
    await user.keyboard('NOTES');
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveTextContent('Release notes');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.clear(box());
    await user.keyboard('/bullet');
    expect(options().map((o) => o.querySelector('.prompt-picker__title')?.textContent)).toEqual(['Summarise minutes']);
    await waitFor(() => expect(pickerStatus()).toHaveTextContent('1 prompt.'));
    // The list is asked once while it is open, not once per key.
    expect(store.calls.filter((call) => call === 'GET /prompts')).toHaveLength(1);
  });

  it('inserts the picked prompt with its first variable selected; Tab selects the next, then leaves', async () => {
    const history = new FakeChatHistory([]);
    renderConversation(history);
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard('/remind');
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.keyboard('{Enter}');

    // Enter inserted instead of sending.
    expect(history.sent).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('Write a polite reminder to {{name}} about {{topic}}.');
    expect(box()).toHaveFocus();
    expect(selected(box())).toBe('{{name}}');
    expect(pickerStatus()).toHaveTextContent('Prompt “Polite reminder” inserted. The placeholder name is selected');
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('Still to fill in: {{name}}, {{topic}}. Tab selects the next.'));

    await user.keyboard('Alex');
    expect(box()).toHaveValue('Write a polite reminder to Alex about {{topic}}.');
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('Still to fill in: {{topic}}. Tab selects it.'));
    await user.keyboard('{Tab}');
    expect(box()).toHaveFocus();
    expect(selected(box())).toBe('{{topic}}');
    await user.keyboard('the invoice');
    expect(box()).not.toHaveAccessibleDescription(expect.stringContaining('Still to fill in'));
    // No placeholder left: Tab leaves the box as usual.
    await user.keyboard('{Tab}');
    expect(box()).not.toHaveFocus();

    await user.click(box());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]?.content).toBe('Write a polite reminder to Alex about the invoice.');
  });

  it('inserts a clicked option, keeping the focus in the message box', async () => {
    renderConversation(new FakeChatHistory([]));
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard('/');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(options()[2]!);
    expect(box()).toHaveValue('Summarise these meeting minutes in five bullet points.');
    expect(box()).toHaveFocus();
    // No variables: the caret at the end.
    expect(box().selectionStart).toBe(box().value.length);
    expect(pickerStatus()).toHaveTextContent('Prompt “Summarise minutes” inserted.');
  });

  it('closes on Escape without stopping anything and keeps the text; "/" again reopens it', async () => {
    const history = new FakeChatHistory([]);
    renderConversation(history);
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard('/usr/bin');
    await waitFor(() => expect(screen.getByText('No prompt matches “usr/bin”.')).toBeInTheDocument());
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Saved prompts')).not.toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-controls');
    expect(box()).toHaveValue('/usr/bin');
    await user.keyboard(' is a folder');
    expect(screen.queryByText('Saved prompts')).not.toBeInTheDocument();
    // A message starting with "/" is sent as it is.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]?.content).toBe('/usr/bin is a folder');
    await user.keyboard('/');
    await waitFor(() => expect(options()).toHaveLength(3));
  });

  it('says when there are none yet, and links to the prompt page', async () => {
    resetPrompts([]);
    renderConversation(new FakeChatHistory([]));
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard('/');
    expect(await screen.findByText('No saved prompts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage prompts' })).toHaveAttribute('href', '/prompts');
    await waitFor(() => expect(pickerStatus()).toHaveTextContent('No prompt matches.'));
  });

  it('says when the list could not be loaded, and Enter then sends the text as it is', async () => {
    store.failList = true;
    const history = new FakeChatHistory([]);
    renderConversation(history);
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard('/');
    expect(await screen.findByText('The prompts could not be loaded.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('x{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]?.content).toBe('/x');
  });

  it('speaks German and has no axe violations while open', async () => {
    renderConversation(new FakeChatHistory([]), { language: 'de' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Ihre Nachricht' }));
    await user.keyboard('/');
    const listbox = await screen.findByRole('listbox', { name: 'Gespeicherte Prompts' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(within(listbox).getAllByRole('option')[2]).toHaveTextContent('Geteilt von Maria');
    expect(screen.getByText('↑ ↓ wählen · Enter fügt ein · Esc schließt')).toBeInTheDocument();
    const result = await axe.run(document, {
      rules: Object.fromEntries(['color-contrast', 'target-size', 'region', 'page-has-heading-one', 'document-title', 'html-has-lang', 'scrollable-region-focusable'].map((id) => [id, { enabled: false }])),
    });
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Noch auszufüllen: {{name}}, {{topic}}. Tab markiert den nächsten.')).toBeInTheDocument();
  });
});
