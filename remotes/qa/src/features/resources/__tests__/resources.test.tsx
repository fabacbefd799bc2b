import { qaResourceKeys } from '@assistant/endpoints';
import { queryClient, setPersistenceUser } from '@assistant/platform';
import { keepPersistedAnswer } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, handbook, contracts, handlers, notificationKeys, renderQa, resetQaState, signInAs } from '../../../__tests__/qa-kit';

jest.setTimeout(20_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const modelSelect = () => screen.getByRole('combobox', { name: 'Model' });
const optionNames = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('what the answer comes from', () => {
  it('loads the collections (personal and company) and the collection models, into the query the chat and the agent form read too', async () => {
    await renderQa();
    const personal = await screen.findByRole('group', { name: 'Personal' });
    expect(within(personal).getByRole('checkbox', { name: 'Handbook' })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Company' })).getByRole('checkbox', { name: 'Contracts' })).toBeInTheDocument();
    expect(optionNames(modelSelect())).toEqual(['QA Model']);
    expect(queryClient.getQueryData(qaResourceKeys.all)).toMatchObject({ collections: [handbook, contracts] });
    // Nothing picked yet: asking says why it cannot.
    expect(screen.getByText('Pick at least one collection to ask.')).toBeInTheDocument();
  });

  it('keeps the picks per user: several collections come back on the next visit', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderQa();
    await user.click(await screen.findByRole('checkbox', { name: 'Handbook' }));
    // The first pick folds the settings; Change opens them for the second.
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('checkbox', { name: 'Contracts' }));
    expect(JSON.parse(localStorage.getItem('assistant.qa-choices.employee')!)).toMatchObject({ scope: 'collections', collectionIds: [handbook.id, contracts.id] });
    unmount();

    await renderQa();
    expect(await screen.findByText('2 collections: Handbook, Contracts')).toBeInTheDocument();

  });

  it('another user does not see the first user’s picks', async () => {
    localStorage.setItem('assistant.qa-choices.employee', JSON.stringify({ scope: 'collections', collectionIds: [handbook.id] }));
    signInAs('manager');
    await renderQa();
    expect(await screen.findByRole('checkbox', { name: 'Handbook' })).not.toBeChecked();
    expect(screen.getByText('No collection picked')).toBeInTheDocument();
  });

  it('one document: a collection, then one of its processed documents, and only document-mode models', async () => {
    const user = userEvent.setup();
    await renderQa();
    await user.click(await screen.findByRole('radio', { name: 'One document' }));
    expect(optionNames(modelSelect())).toEqual(['Document Model']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Collection' }), 'Handbook');
    const documents = await screen.findByRole('combobox', { name: 'Document' });
    // The document still being processed is not offered.
    expect(optionNames(documents)).toEqual(['Choose a document', 'notes.txt']);
    await user.selectOptions(documents, 'notes.txt');
    expect(screen.getByText('Document: notes.txt')).toBeInTheDocument();
    expect(screen.queryByText('Pick a document to ask.')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('assistant.qa-choices.employee')!)).toMatchObject({ scope: 'document', documentCollectionId: handbook.id });
  });

  it('says when no model answers over one document', async () => {
    backend.models = backend.models.filter((model) => model.mode !== 'document');
    const user = userEvent.setup();
    await renderQa();
    await user.click(await screen.findByRole('radio', { name: 'One document' }));
    expect(screen.getByText('No model answers over a single document. Search in collections instead.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
  });

  it('says discreetly when the server searches by words only', async () => {
    backend.searchMode = 'full-text';
    await renderQa();
    expect(await screen.findByText('Search by words only (no semantic search set up).')).toBeInTheDocument();
  });
});

describe('a failed load', () => {
  it('shows QA_NOTIFICATIONS.load-collections-failed, clears the kept lists, marks them unavailable, and loads again on request', async () => {
    await setPersistenceUser('employee');
    await keepPersistedAnswer('employee', qaResourceKeys.all, { collections: [handbook], language_models: [] });
    backend.resources = 'fail';
    await renderQa();
    expect(await screen.findByRole('heading', { level: 3, name: 'Collections and models are unavailable' })).toBeInTheDocument();
    expect(notificationKeys()).toEqual(['error: QA_NOTIFICATIONS.load-collections-failed']);
    expect(screen.queryByRole('checkbox', { name: 'Handbook' })).not.toBeInTheDocument();
    expect(Object.keys(localStorage).filter((key) => key.includes('qa-resources'))).toEqual([]);
    expect(screen.getByText('Collections and models are unavailable.')).toBeInTheDocument();

    backend.resources = 'ok';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Handbook' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(qaResourceKeys.all)?.status).toBe('success'));
  });

  it('speaks German', async () => {
    backend.resources = 'fail';
    await renderQa('de');
    expect(await screen.findByRole('heading', { level: 3, name: 'Sammlungen und Modelle sind nicht verfügbar' })).toBeInTheDocument();
  });
});
