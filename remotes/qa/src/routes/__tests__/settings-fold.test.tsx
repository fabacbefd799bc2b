import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { FILE_ID, handbook, handlers, pickedBefore, renderQa, resetQaState } from '../../__tests__/qa-kit';

jest.setTimeout(20_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
});

const settings = () => screen.getByRole('region', { name: /^(Answer from|Antwort aus)$/ });
const toggle = (name: 'Change' | 'Done' | 'Ändern' | 'Fertig') => within(settings()).getByRole('button', { name });

describe('the settings fold into one line once chosen', () => {
  it('folds when the first collection is picked, opens again with Change, and keeps further picks open until Done', async () => {
    const user = userEvent.setup();
    await renderQa();
    // Nothing picked yet: the settings are open.
    await user.click(await screen.findByRole('checkbox', { name: 'Handbook' }));

    expect(screen.queryByRole('checkbox', { name: 'Handbook' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    expect(within(settings()).getByText('1 collection: Handbook')).toBeInTheDocument();
    expect(within(settings()).getByText(/Model: QA Model/)).toBeInTheDocument();
    expect(toggle('Change')).toHaveAttribute('aria-expanded', 'false');
    // The picked checkbox vanished: the focus is on the button that opens the settings again.
    expect(toggle('Change')).toHaveFocus();
    expect(screen.getByText('Choices set. The question box follows.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeEnabled();

    await user.click(toggle('Change'));
    expect(toggle('Done')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'Handbook' })).toBeChecked();
    // Opened on purpose: another pick does not fold it.
    await user.click(screen.getByRole('checkbox', { name: 'Contracts' }));
    expect(screen.getByRole('checkbox', { name: 'Contracts' })).toBeChecked();
    expect(toggle('Done')).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle('Done'));
    expect(screen.queryByRole('checkbox', { name: 'Contracts' })).not.toBeInTheDocument();
    expect(within(settings()).getByText('2 collections: Handbook, Contracts')).toBeInTheDocument();
  });

  it('folds when the document is picked (one document), in German', async () => {
    const user = userEvent.setup();
    await renderQa('de');
    await user.click(await screen.findByRole('radio', { name: 'Einem Dokument' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sammlung' }), 'Handbook');
    // A collection alone is not enough: still open.
    expect(toggle('Fertig')).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dokument' }), 'notes.txt');

    expect(screen.queryByRole('combobox', { name: 'Dokument' })).not.toBeInTheDocument();
    expect(within(settings()).getByText('Dokument: notes.txt')).toBeInTheDocument();
    expect(toggle('Ändern')).toHaveFocus();
    await user.click(toggle('Ändern'));
    expect(screen.getByRole('combobox', { name: 'Dokument' })).toHaveValue(FILE_ID);
  });

  it('starts folded when the choices kept from an earlier visit are complete', async () => {
    pickedBefore('employee', { scope: 'collections', collectionIds: [handbook.id] });
    const user = userEvent.setup();
    await renderQa();
    expect(await within(settings()).findByText('1 collection: Handbook')).toBeInTheDocument();
    expect(toggle('Change')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Handbook' })).not.toBeInTheDocument();
    await user.click(toggle('Change'));
    expect(screen.getByRole('checkbox', { name: 'Handbook' })).toBeChecked();
  });
});
