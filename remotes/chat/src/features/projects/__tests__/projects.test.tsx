import { conversationSchema, type CollectionFile, type Conversation, type Project } from '@assistant/contracts';
import { addNamespace, apiClients, createApiClients, resetServerState, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { Route, Routes, useLocation } from '@assistant/routing';
import { UI_TEXTS_DE, UI_TEXTS_EN, UiTextsProvider } from '@assistant/ui';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import ProjectRoute from '../../../routes/project-route';
import { ProjectsSection } from '../components/projects-section';
import { ConversationProjectLink } from '../components/conversation-project-link';
import { MoveToProjectDialog } from '../components/move-to-project-dialog';
import type { ScopedChatHistory } from '../../history';

const OWN: Project['sharing'] = { access: 'owner', shared_by: null, shared_with: [] };
const VIEW: Project['sharing'] = { access: 'view', shared_by: { sub: 'maria', name: 'Maria' }, shared_with: [] };
const at = '2026-05-01T08:00:00.000Z';
const id = (n: number) => `7c7c7c7c-0000-4000-8000-${String(n).padStart(12, '0')}`;

function project(n: number, name: string, sharing = OWN, instructions = ''): Project {
  return { id: id(n), name, instructions, file_count: 0, sharing, created_at: at, updated_at: at };
}
function conversation(n: number, name: string, projectId?: string): Conversation {
  return { id: id(100 + n), name, created_at: at, updated_at: at, ...(projectId ? { project_id: projectId } : {}) };
}
function file(n: number, name: string, status: CollectionFile['status']): CollectionFile {
  return { fileId: id(200 + n), stageId: id(300), createdAt: at, updatedAt: at, name, version: 1, mediaType: 'text/plain', size: 10, status, runId: null, error: null } as CollectionFile;
}

/** The fake server: projects, their files, the user's conversations, and the calls it saw. */
const store = { projects: [] as Project[], files: [] as CollectionFile[], conversations: [] as Conversation[], calls: [] as string[] };
const notFound = () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'No such project', code: 'not_found' }, { status: 404 });

const server = setupServer(
  http.get('*/api/projects', () => HttpResponse.json({ projects: store.projects })),
  http.post('*/api/projects', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    store.calls.push(`POST /projects ${JSON.stringify(body)}`);
    const created = project(50, body.name);
    store.projects.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),
  http.get('*/api/projects/:id', ({ params }) => {
    const found = store.projects.find((entry) => entry.id === params.id);
    return found ? HttpResponse.json(found) : notFound();
  }),
  http.patch('*/api/projects/:id', async ({ params, request }) => {
    const body = (await request.json()) as Partial<Project>;
    store.calls.push(`PATCH /projects/${String(params.id)} ${JSON.stringify(body)}`);
    const found = store.projects.find((entry) => entry.id === params.id);
    if (!found) return notFound();
    Object.assign(found, body);
    return HttpResponse.json(found);
  }),
  http.delete('*/api/projects/:id', ({ params, request }) => {
    store.calls.push(`DELETE /projects/${String(params.id)}${new URL(request.url).search}`);
    store.projects = store.projects.filter((entry) => entry.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/projects/:id/files', () => HttpResponse.json({ files: store.files })),
  http.delete('*/api/projects/:id/files/:fileId', ({ params }) => {
    store.calls.push(`DELETE /projects/${String(params.id)}/files/${String(params.fileId)}`);
    store.files = store.files.filter((entry) => entry.fileId !== params.fileId);
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/conversations', () => HttpResponse.json({ conversations: store.conversations })),
  http.patch('*/api/conversations/:id', async ({ params, request }) => {
    const body = (await request.json()) as { project_id: string | null };
    store.calls.push(`PATCH /conversations/${String(params.id)} ${JSON.stringify(body)}`);
    const found = store.conversations.find((entry) => entry.id === params.id)!;
    if (body.project_id) found.project_id = body.project_id;
    else delete found.project_id;
    return HttpResponse.json(found);
  }),
  http.get('*/api/config', () => HttpResponse.json({})),
);

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetServerState();
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  store.projects = [project(1, 'Trip to Lisbon', OWN, 'Answer as the travel desk.'), project(2, 'Budget 2027', VIEW, 'Be brief.'), project(3, 'Team offsite', { access: 'edit', shared_by: { sub: 'maria', name: 'Maria' }, shared_with: [] })];
  store.files = [file(1, 'Travel policy.pdf', 'processed'), file(2, 'Scan.pdf', 'processing-failed')];
  store.conversations = [conversation(1, 'Hotels in Alfama', id(1)), conversation(2, 'Flights', id(1)), conversation(3, 'Unrelated chat')];
  store.calls = [];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(route: string, language: 'de' | 'en' = 'en') {
  addNamespace('chat', { de, en });
  return renderWithProviders(
    <UiTextsProvider texts={language === 'de' ? UI_TEXTS_DE : UI_TEXTS_EN}>
      <Routes>
        <Route path="/chat/projects/:projectId" element={<ProjectRoute />} />
        <Route path="/chat" element={<Where />} />
      </Routes>
      <ProjectsSection chatPath="/chat" />
    </UiTextsProvider>,
    { route, language },
  );
}


describe('a project page', () => {
  it("shows the owner's project: its chats, new chat in it, instructions saved, files with their states, and every action", async () => {
    const { container } = renderAt(`/chat/projects/${id(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip to Lisbon' })).toBeInTheDocument();
    for (const name of ['Share', 'Rename', 'Delete']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // Only this project's conversations, each a link with "Remove from project".
    const chats = within(screen.getByRole('region', { name: 'Chats in this project' }));
    await waitFor(() => expect(chats.getAllByRole('link').map((link) => link.textContent)).toEqual(['New chat in this project', 'Hotels in Alfama', 'Flights']));
    expect(chats.getByRole('link', { name: 'New chat in this project' })).toHaveAttribute('href', `/chat?project=${id(1)}`);
    expect(chats.getByRole('link', { name: 'Hotels in Alfama' })).toHaveAttribute('href', `/chat/${id(101)}`);

    // Files: each with its state in words; Retry for the one that could not be read; Remove.
    const files = within(screen.getByRole('region', { name: 'Files' }));
    expect(await files.findByText('Travel policy.pdf')).toBeInTheDocument();
    expect(files.getByText('Ready')).toBeInTheDocument();
    expect(files.getByText('Processing failed')).toBeInTheDocument();
    expect(files.getByRole('button', { name: 'Try Scan.pdf again' })).toBeInTheDocument();
    expect(files.getByRole('button', { name: 'Add files' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(files.getByRole('button', { name: 'Remove Scan.pdf' }));
    await waitFor(() => expect(files.queryByText('Scan.pdf')).not.toBeInTheDocument());
    expect(store.calls).toContain(`DELETE /projects/${id(1)}/files/${id(202)}`);

    // Instructions: saved with Save, and said so.
    const instructions = screen.getByRole('textbox', { name: 'Project instructions' });
    expect(instructions).toHaveValue('Answer as the travel desk.');
    expect(screen.getByRole('button', { name: 'Save instructions' })).toBeDisabled();
    await user.clear(instructions);
    await user.type(instructions, 'Always name the cost centre 4711.');
    await user.click(screen.getByRole('button', { name: 'Save instructions' }));
    expect(await screen.findByText('The instructions were saved.')).toBeInTheDocument();
    expect(store.calls).toContain(`PATCH /projects/${id(1)} {"instructions":"Always name the cost centre 4711."}`);

    // A conversation leaves the project.
    await user.click(chats.getByRole('button', { name: 'Remove Flights from the project' }));
    await waitFor(() => expect(chats.queryByRole('link', { name: 'Flights' })).not.toBeInTheDocument());
    expect(store.calls).toContain(`PATCH /conversations/${id(102)} {"project_id":null}`);

    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('lets whom it is shared with to read see it without changing it', async () => {
    renderAt(`/chat/projects/${id(2)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget 2027' })).toBeInTheDocument();
    expect(screen.getAllByText('Shared by Maria').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^(Share|Rename|Delete)$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Project instructions' })).not.toBeInTheDocument();
    expect(screen.getByText('Be brief.')).toBeInTheDocument();
    const files = within(screen.getByRole('region', { name: 'Files' }));
    expect(await files.findByText('Travel policy.pdf')).toBeInTheDocument();
    expect(files.queryByRole('button')).not.toBeInTheDocument();
    // They start their own chats in it.
    expect(screen.getByRole('link', { name: 'New chat in this project' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'No chats yet' })).toBeInTheDocument();
  });

  it('asks what happens to the chats before it deletes the project, then goes back to the chat', async () => {
    renderAt(`/chat/projects/${id(1)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the project “Trip to Lisbon”?' });
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'What should happen to your 2 chats in this project?' })).toBeInTheDocument());
    expect(within(dialog).getByRole('radio', { name: 'Keep, without a project' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Delete with the project' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/chat'));
    expect(store.calls).toContain(`DELETE /projects/${id(1)}?conversations=delete`);
  });

  it('says so when the project does not exist or is no longer shared, in German too', async () => {
    renderAt(`/chat/projects/${id(9)}`, 'de');
    expect(await screen.findByRole('heading', { name: 'Dieses Projekt gibt es nicht' })).toBeInTheDocument();
    expect(screen.getByText('Es wurde gelöscht, oder es wird nicht mehr mit Ihnen geteilt.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Projekte' })).toBeInTheDocument();
  });
});

describe('the side list and the conversation menu', () => {
  it('lists the projects with their sharing and creates one, opening its page', async () => {
    renderAt('/chat');
    const section = within(screen.getByRole('region', { name: 'Projects' }));
    expect(await section.findByRole('link', { name: 'Trip to Lisbon' })).toHaveAttribute('href', `/chat/projects/${id(1)}`);
    expect(section.getByRole('link', { name: 'Budget 2027' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveAccessibleDescription('Enter a name.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), '  Onboarding ');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(store.calls).toContain('POST /projects {"name":"Onboarding"}');
    expect(await section.findByRole('link', { name: 'Onboarding' })).toHaveAttribute('aria-current', 'page');
  });

  it("names the open chat's project in the chat's top bar, a new one as started in it", async () => {
    addNamespace('chat', { de, en });
    renderWithProviders(
      <>
        <ConversationProjectLink projectId={id(1)} chatPath="/chat" draft={false} />
        <ConversationProjectLink projectId={id(2)} chatPath="/chat" draft />
        <ConversationProjectLink projectId={id(9)} chatPath="/chat" draft={false} />
      </>,
      { language: 'en' },
    );
    expect(await screen.findByRole('link', { name: 'Trip to Lisbon' })).toHaveAttribute('href', `/chat/projects/${id(1)}`);
    expect(screen.getByRole('link', { name: 'New chat in the project “Budget 2027”' })).toHaveAttribute('href', `/chat/projects/${id(2)}`);
    // A project the user does not reach (any more): nothing.
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('moves a conversation into a project it may be filed in (own or shared to edit)', async () => {
    addNamespace('chat', { de, en });
    // The server's history as far as the dialog uses it: PATCH conversations/{id} with the body.
    const history = {
      kind: 'server',
      scope: { kind: 'server' },
      updateConversation: (conversationId: string, changes: unknown) => apiClients().api.patch(`conversations/${conversationId}`, changes, conversationSchema),
    } as unknown as ScopedChatHistory;
    const onClose = jest.fn();
    renderWithProviders(
      <UiTextsProvider texts={UI_TEXTS_EN}>
        <MoveToProjectDialog history={history} conversation={store.conversations[2]!} onClose={onClose} />
      </UiTextsProvider>,
      { language: 'en' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Move “Unrelated chat” to a project' });
    expect(await within(dialog).findByRole('button', { name: 'Trip to Lisbon' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Team offsite' })).toBeInTheDocument();
    // Shared to read: a reader starts chats there, but files no existing one.
    expect(within(dialog).queryByRole('button', { name: 'Budget 2027' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Team offsite' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.calls).toContain(`PATCH /conversations/${id(103)} {"project_id":"${id(3)}"}`);
  });
});
