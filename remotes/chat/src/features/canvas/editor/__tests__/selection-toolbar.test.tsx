import { addNamespace } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import de from '../../../../locales/de.json';
import en from '../../../../locales/en.json';
import { QuickActions } from '../quick-actions';
import { RICH, positionOf, renderEditor, type RenderedEditor } from './editor-kit';

function selectText(rendered: RenderedEditor, first: string, last = first) {
  const { editor } = rendered;
  const from = positionOf(editor.state.doc, first);
  const to = positionOf(editor.state.doc, last) + last.length;
  act(() => {
    editor.view.focus();
    editor.commands.setTextSelection({ from, to });
  });
  return { from, to };
}

const toolbar = () => screen.queryByRole('toolbar', { name: 'Rewrite with the model' });

describe('the selection toolbar', () => {
  it('the editor is a named multi-line textbox that tells its shortcut', () => {
    renderEditor(RICH);
    const textbox = screen.getByRole('textbox', { name: 'Document' });
    expect(textbox).toHaveAttribute('aria-multiline', 'true');
    expect(textbox).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K Alt+F10');
    expect(textbox).toHaveAccessibleDescription(/Ctrl\+K .* or Alt\+F10: rewrite tools/);
  });

  it('shows at a selection; a quick action sends its instruction with the captured selection and returns to the editor', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH);
    expect(toolbar()).toBeNull();
    selectText(rendered, 'sales team');
    const bar = toolbar()!;
    expect(bar).toHaveAccessibleDescription('For the selected passage');
    const actions = within(bar).getByRole('group', { name: 'Quick actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Shorter',
      'Longer',
      'Simpler',
      'More formal',
      'Fix spelling & grammar',
      'To English',
      'To German',
    ]);
    await user.click(within(bar).getByRole('button', { name: 'Shorter' }));
    expect(rendered.onInstruct).toHaveBeenCalledTimes(1);
    const [instruction, selection] = rendered.onInstruct.mock.calls[0]!;
    expect(instruction).toBe('Make this shorter');
    expect(selection).toMatchObject({ range: { start: RICH.indexOf('**sales team**'), end: RICH.indexOf(' closed') }, text: '**sales team**' });
    expect(toolbar()).toBeNull();
    expect(rendered.editor.view.dom).toHaveFocus();
  });

  it('is reached without a mouse: Ctrl+K moves focus into it, arrows and Home/End move between buttons, Tab through the controls, Escape returns to the editor with the selection kept', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH);
    const { from, to } = selectText(rendered, 'three');
    // Escape in the editor hides the toolbar shown for the selection.
    await user.keyboard('{Escape}');
    expect(toolbar()).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    const bar = toolbar()!;
    expect(within(bar).getByRole('button', { name: 'Shorter' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(bar).getByRole('button', { name: 'Longer' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(bar).getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(bar).getByRole('button', { name: 'Shorter' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(bar).getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Home}{Tab}');
    expect(within(bar).getByRole('button', { name: 'Longer' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toolbar()).toBeNull();
    expect(rendered.editor.view.dom).toHaveFocus();
    expect([rendered.editor.state.selection.from, rendered.editor.state.selection.to]).toEqual([from, to]);
    expect(rendered.onInstruct).not.toHaveBeenCalled();

    // Alt+F10 as well; a quick action by keyboard.
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(within(toolbar()!).getByRole('button', { name: 'Shorter' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    expect(rendered.onInstruct).toHaveBeenCalledWith('Make this more formal', expect.objectContaining({ text: '*three*' }));
  });

  it('sends a free instruction typed into its field', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH);
    selectText(rendered, 'North', 'growing');
    await user.keyboard('{Control>}k{/Control}');
    const field = within(toolbar()!).getByRole('textbox', { name: 'Your instruction for the model' });
    await user.click(field);
    await user.type(field, '  Als Tabelle mit Summen  {Enter}');
    expect(rendered.onInstruct).toHaveBeenCalledWith('Als Tabelle mit Summen', expect.objectContaining({ text: expect.stringMatching(/^\| Region \| Revenue/) }));
  });

  it('with nothing selected, the shortcut opens it for the whole document (the selection is null)', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH);
    act(() => {
      rendered.editor.view.focus();
      rendered.editor.commands.setTextSelection(5);
    });
    expect(toolbar()).toBeNull();
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(toolbar()).toHaveAccessibleDescription('For the whole document (nothing selected)');
    await user.click(within(toolbar()!).getByRole('button', { name: 'To German' }));
    expect(rendered.onInstruct).toHaveBeenCalledWith('Translate this into German', null);
  });

  it('does nothing while a rewrite runs (busy), and is not there when the editor is read-only', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH, { busy: true });
    selectText(rendered, 'three');
    const bar = toolbar()!;
    expect(bar).toHaveAccessibleDescription('For the selected passage · the model is rewriting');
    const shorter = within(bar).getByRole('button', { name: 'Shorter' });
    expect(shorter).toHaveAttribute('aria-disabled', 'true');
    await user.click(shorter);
    await user.type(within(bar).getByRole('textbox'), 'kürzer{Enter}');
    expect(rendered.onInstruct).not.toHaveBeenCalled();

    rendered.rerender({ readOnly: true, busy: false });
    expect(toolbar()).toBeNull();
    expect(rendered.editor.isEditable).toBe(false);
    await user.keyboard('{Control>}k{/Control}');
    expect(toolbar()).toBeNull();
  });

  it('speaks German: labels, and the instructions it sends', async () => {
    const user = userEvent.setup();
    const rendered = renderEditor(RICH, {}, 'de');
    selectText(rendered, 'three');
    const bar = screen.getByRole('toolbar', { name: 'Mit dem Modell überarbeiten' });
    expect(within(bar).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Kürzer',
      'Länger',
      'Einfacher',
      'Formeller',
      'Rechtschreibung & Grammatik',
      'Auf Englisch',
      'Auf Deutsch',
      'Senden',
    ]);
    await user.click(within(bar).getByRole('button', { name: 'Kürzer' }));
    expect(rendered.onInstruct).toHaveBeenCalledWith('Kürzer fassen', expect.objectContaining({ text: '*three*' }));
  });
});

describe('QuickActions on their own (the panel’s header)', () => {
  it('is a group of the seven actions calling back with the instruction', async () => {
    const user = userEvent.setup();
    addNamespace('chat', { de, en });
    const onAction = jest.fn();
    renderWithProviders(<QuickActions onAction={onAction} label="Whole document" />, { language: 'en' });
    const group = screen.getByRole('group', { name: 'Whole document' });
    expect(within(group).getAllByRole('button')).toHaveLength(7);
    await user.click(within(group).getByRole('button', { name: 'Fix spelling & grammar' }));
    expect(onAction).toHaveBeenCalledWith('Fix the spelling and grammar', 'fix');
  });
});
