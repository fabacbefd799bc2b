import type { ShareItemKind } from '@assistant/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { UI_TEXTS_EN, UiTextsProvider } from '../../core/ui-texts';
import { ShareDialog, type ShareCandidatesState, type ShareDialogProps, type ShareDraft, type ShareSaveOutcome } from '../share-dialog';

const maria = { sub: 'maria', name: 'Maria Schmidt', email: 'maria@example.com' };
const finance = { id: 'finance', name: 'Finance', member_count: 2 };
const tom = { target: { type: 'user' as const, id: 'tom', name: 'Tom Weber' }, role: 'view' as const };

interface HarnessProps {
  kind?: ShareItemKind;
  canShareWithCompany?: boolean;
  onSave?: (draft: ShareDraft) => Promise<ShareSaveOutcome>;
  renderNotice?: ShareDialogProps['renderNotice'];
  viewOnly?: boolean;
  shares?: Array<{ target: { type: 'user'; id: string; name: string }; role: 'view' | 'edit' }>;
}

/** The dialog with data as useShareDialog gives it: the directory answers every search with Maria and Finance. */
function Harness({ kind = 'agent', canShareWithCompany = false, onSave = async () => ({ done: true }), renderNotice, viewOnly, shares = [tom] }: HarnessProps) {
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  const candidates: ShareCandidatesState = text.trim() === '' ? { status: 'idle' } : { status: 'ready', query: text.trim(), people: [maria], groups: [finance] };
  return (
    <UiTextsProvider texts={UI_TEXTS_EN}>
      <main>
        <h1>Agents</h1>
        {!open && <p>closed</p>}
        <ShareDialog
          kind={kind}
          access={{ status: 'ready', shares, canShareWithCompany, includeAttachments: false }}
          candidates={candidates}
          onSearch={setText}
          onSave={onSave}
          open={open}
          onClose={() => setOpen(false)}
          itemName="Travel costs"
          owner="you"
          renderNotice={renderNotice}
          viewOnly={viewOnly}
        />
      </main>
    </UiTextsProvider>
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Share “Travel costs”' });
const accessList = () => screen.getByRole('list', { name: 'Who has access' });

describe('ShareDialog', () => {
  it('finds colleagues and groups, adds them with the chosen role, changes a role, removes one and saves the whole list', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn(async (_draft: ShareDraft): Promise<ShareSaveOutcome> => ({ done: true }));
    render(<Harness onSave={onSave} />);
    await dialog();
    // The owner first, then who has access now.
    expect(within(accessList()).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringContaining('You'), expect.stringContaining('Tom Weber')]);

    await user.type(screen.getByRole('searchbox', { name: 'Add people or groups' }), 'ma');
    const people = screen.getByRole('list', { name: 'People' });
    expect(within(people).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Groups' })).getByText('2 members')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add as' }), 'edit');
    await user.click(screen.getByRole('button', { name: 'Add Maria Schmidt' }));
    expect(screen.getByRole('status')).toHaveTextContent('Maria Schmidt added');
    expect(within(people).getByText('has access')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Add people or groups' })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add as' }), 'view');
    await user.click(screen.getByRole('button', { name: 'Add Finance' }));

    expect(screen.getByRole('combobox', { name: 'Access of Maria Schmidt' })).toHaveValue('edit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Access of Tom Weber' }), 'edit');
    await user.click(screen.getByRole('button', { name: 'Remove Maria Schmidt' }));
    expect(screen.queryByRole('combobox', { name: 'Access of Maria Schmidt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      shares: [
        { target: { type: 'user', id: 'tom', name: 'Tom Weber' }, role: 'edit' },
        { target: { type: 'group', id: 'finance', name: 'Finance' }, role: 'view' },
      ],
      include_attachments: false,
    });
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('offers the whole company only when the server allows it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await dialog();
    expect(screen.queryByRole('button', { name: 'Share with the whole company' })).not.toBeInTheDocument();
    unmount();

    const onSave = jest.fn(async (_draft: ShareDraft): Promise<ShareSaveOutcome> => ({ done: true }));
    render(<Harness canShareWithCompany onSave={onSave} />);
    await dialog();
    await user.click(screen.getByRole('button', { name: 'Share with the whole company' }));
    expect(within(accessList()).getByText('The whole company')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share with the whole company' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]![0].shares).toContainEqual({ target: { type: 'company' }, role: 'view' });
  });

  it('shares a conversation for viewing only, as a snapshot, with the attachments when asked', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn(async (_draft: ShareDraft): Promise<ShareSaveOutcome> => ({ done: true }));
    render(<Harness kind="conversation" onSave={onSave} />);
    await dialog();
    expect(screen.getByText(/A snapshot of the conversation/)).toBeInTheDocument();
    // No "can edit" anywhere: a snapshot is read-only.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Share the attachments too' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ shares: [tom], include_attachments: true });
  });

  it('offers only "can view" when the caller says so, and saves a role given before as view', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn(async (_draft: ShareDraft): Promise<ShareSaveOutcome> => ({ done: true }));
    render(<Harness kind="collection" viewOnly shares={[{ ...tom, role: 'edit' }]} onSave={onSave} />);
    await dialog();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ shares: [tom], include_attachments: false });
  });

  it("keeps what was edited when the save is refused, with the server's words at the row and above the buttons", async () => {
    const user = userEvent.setup();
    const outcomes: ShareSaveOutcome[] = [{ fieldErrors: { 'user:tom': 'Tom has left the company' }, formError: 'Not allowed' }, { done: true }];
    const onSave = jest.fn(async (_draft: ShareDraft) => outcomes.shift()!);
    render(<Harness onSave={onSave} renderNotice={(draft) => <p>{`Notice for ${draft.shares.length}`}</p>} />);
    await dialog();
    await user.type(screen.getByRole('searchbox', { name: 'Add people or groups' }), 'fin');
    await user.click(screen.getByRole('button', { name: 'Add Finance' }));
    expect(screen.getByText('Notice for 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.getByRole('combobox', { name: 'Access of Tom Weber' })).toHaveAccessibleDescription('Tom has left the company');
    expect(screen.getByRole('combobox', { name: 'Access of Finance' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Add people or groups' })).toHaveValue('fin');
    // Changing the row the message was about takes the message away.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Access of Tom Weber' }), 'edit');
    expect(screen.queryByText('Tom has left the company')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
  });

  it('shows loading, a failed load with its retry, and an empty list', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    const props = { kind: 'collection' as const, candidates: { status: 'idle' as const }, onSearch: jest.fn(), onSave: jest.fn(), open: true, onClose: jest.fn(), itemName: 'Reports' };
    const { rerender } = render(<ShareDialog {...props} access={{ status: 'loading' }} />);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    rerender(<ShareDialog {...props} access={{ status: 'failed', message: 'Der Server ist nicht erreichbar.', retry }} />);
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(retry).toHaveBeenCalled();
    rerender(<ShareDialog {...props} access={{ status: 'ready', shares: [], canShareWithCompany: false, includeAttachments: false }} />);
    expect(screen.getByText('Noch mit niemandem geteilt.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '„Reports“ teilen' })).toBeInTheDocument();
  });

  it('has no accessibility violations with results and a refused row', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={async () => ({ fieldErrors: { 'user:tom': 'Tom has left' } })} />);
    await dialog();
    await user.type(screen.getByRole('searchbox', { name: 'Add people or groups' }), 'm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tom has left');
    document.title = 'Agents';
    document.documentElement.lang = 'en';
    const layoutRules = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];
    const result = await axe.run(document, { rules: Object.fromEntries(layoutRules.map((id) => [id, { enabled: false }])) });
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  });
});
