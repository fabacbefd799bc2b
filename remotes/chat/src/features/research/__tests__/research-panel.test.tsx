import { addNamespace, createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { grounded, groundedHandlers, resetGrounded, sourcesReady } from '../../../__tests__/grounded-kit';
import { RESEARCH, RESEARCH_ANSWER, RESEARCH_CONVERSATION, endStreams, ev, pushEvents, research, researchHandlers, resetResearch } from '../../../__tests__/research-kit';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { ResearchPanel } from '../components/research-panel';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const server = setupServer(...researchHandlers(), ...groundedHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetGrounded();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetResearch();
});

const PLAN = [
  { task_id: 'task-1', content: 'Find the annual report' },
  { task_id: 'task-2', content: 'Find the travel policy' },
  { task_id: 'task-3', content: 'Compare both' },
];

function renderPanel(language: 'en' | 'de' = 'en') {
  addNamespace('chat', { de, en });
  const announce = jest.fn();
  renderWithProviders(<ResearchPanel researchId={RESEARCH} messageId={RESEARCH_ANSWER} conversationId={RESEARCH_CONVERSATION} announce={announce} />, { language });
  return { announce, panel: () => screen.getByRole('region', { name: language === 'en' ? 'Deep research' : 'Tiefenrecherche' }) };
}

async function violations() {
  const off = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region', 'page-has-heading-one', 'heading-order'];
  const result = await axe.run(document, { rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])) });
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }));
}

const currentStep = () => document.querySelector('[aria-current="step"]')?.firstChild?.textContent;

describe('the research panel', () => {
  it('marks the current stage, shows the clarifying question with where to answer, and counts the time', async () => {
    resetResearch({ status: 'awaiting_clarification', stage: 'clarification', clarification: { question: 'Which year do you mean?', answer: null } }, [ev.start(), ev.clarification('Which year do you mean?')]);
    const { panel } = renderPanel();
    await within(panel()).findByText('Waiting for your answer');
    const steps = within(panel()).getByRole('list', { name: 'Stages of the research' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Start', 'Question', 'Plan', 'Research', 'Report', 'End']);
    await waitFor(() => expect(currentStep()).toBe('Question'));
    expect(within(panel()).getByText('Which year do you mean?')).toBeInTheDocument();
    expect(within(panel()).getByText('Answer it in the message box below.')).toBeInTheDocument();
    expect(within(panel()).getByText(/^Time: 1:0\d$/)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Cancel research' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('lets the plan be changed, shortened and extended by keyboard, then posts exactly the edited plan', async () => {
    resetResearch({ status: 'awaiting_approval', stage: 'planning', title: 'Revenue 2025', tasks: PLAN.map((task) => ({ ...task, status: 'pending' as const })) }, [ev.start(), ev.planning('Revenue 2025', PLAN)]);
    const { panel, announce } = renderPanel();
    const first = await within(panel()).findByRole('textbox', { name: 'Task 1' });
    expect(currentStep()).toBe('Plan');
    expect(within(panel()).getByRole('heading', { name: 'Research plan: Revenue 2025' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
    const user = userEvent.setup();
    await user.clear(first);
    await user.type(first, 'Find the annual report 2025');
    // Removing task 2 moves the focus to the task that took its place.
    await user.click(within(panel()).getByRole('button', { name: 'Remove task 2' }));
    expect(within(panel()).getByRole('textbox', { name: 'Task 2' })).toHaveValue('Compare both');
    expect(within(panel()).getByRole('textbox', { name: 'Task 2' })).toHaveFocus();
    expect(announce).toHaveBeenCalledWith('Task 2 removed.');
    // An added task gets the focus; left empty it is named at its field and nothing is sent.
    await user.click(within(panel()).getByRole('button', { name: 'Add task' }));
    expect(within(panel()).getByRole('textbox', { name: 'Task 3' })).toHaveFocus();
    await user.click(within(panel()).getByRole('button', { name: 'Approve plan' }));
    expect(within(panel()).getByRole('textbox', { name: 'Task 3' })).toHaveAccessibleDescription(expect.stringContaining('Must not be empty'));
    expect(within(panel()).getByRole('textbox', { name: 'Task 3' })).toHaveFocus();
    expect(research.approvals).toEqual([]);
    await user.keyboard('Ask the wiki');
    await user.click(within(panel()).getByRole('button', { name: 'Approve plan' }));
    await waitFor(() => expect(research.approvals).toHaveLength(1));
    expect(research.approvals[0]).toEqual({
      plan: [{ task_id: 'task-1', content: 'Find the annual report 2025' }, { task_id: 'task-3', content: 'Compare both' }, { content: 'Ask the wiki' }],
      approve: true,
    });
    // The run works again: the editor gives way to the tasks as they are worked on.
    await within(panel()).findByText('Working…');
    expect(within(panel()).queryByRole('button', { name: 'Approve plan' })).not.toBeInTheDocument();
    pushEvents(ev.planning('Revenue 2025', [{ task_id: 'task-1', content: 'Find the annual report 2025' }, { task_id: 'task-3', content: 'Compare both' }, { task_id: 'task-4', content: 'Ask the wiki' }]), ev.task('task-1', 'begin'), ev.task('task-1', 'in_progress', { id: 'c1', tool: 'search_documents', capability: 'document search', args: { query: 'annual report' } }));
    const tasks = await within(panel()).findByRole('region', { name: 'Tasks' });
    expect(within(tasks).getAllByRole('listitem').map((item) => item.querySelector('.research__task-head')?.textContent)).toEqual(['Find the annual report 2025Working', 'Compare bothPending', 'Ask the wikiPending']);
    expect(within(tasks).getByText('Searched the documents: “annual report”')).toBeInTheDocument();
    expect(within(tasks).getByText(/"query": "annual report"/)).toBeInTheDocument();
    expect(currentStep()).toBe('Research');
    expect(await violations()).toEqual([]);
  });

  it.each([
    ['en', 'Result:', 'Show the whole result', 'Show less', 'Failed: The wiki did not answer in time.', 'No result: the tool found nothing.'],
    ['de', 'Ergebnis:', 'Ganzes Ergebnis zeigen', 'Weniger zeigen', 'Fehlgeschlagen: The wiki did not answer in time.', 'Kein Ergebnis: das Werkzeug hat nichts gefunden.'],
  ] as const)('shows under each tool call what it returned (short, expandable) or why it failed (%s)', async (language, label, more, less, failed, nothing) => {
    const long = `Annual report 2025.pdf\n${'Revenue grew by twelve percent in the second half of the year. '.repeat(5)}The last line.`;
    const c1 = { id: 'c1', tool: 'search_documents', args: { query: 'annual report' } };
    const c2 = { id: 'c2', tool: 'wiki__lookup', capability: 'tool server wiki', args: { page: 'Revenue' } };
    const c3 = { id: 'c3', tool: 'web_search', args: { query: 'revenue 2025' } };
    resetResearch({ status: 'running', stage: 'execution', tasks: [{ task_id: 'task-1', content: 'Find', status: 'in_progress' }] }, [
      ev.start(),
      ev.planning('Revenue', [{ task_id: 'task-1', content: 'Find' }]),
      ev.task('task-1', 'begin'),
      ev.task('task-1', 'in_progress', c1),
      ev.task('task-1', 'in_progress', c2),
      ev.task('task-1', 'in_progress', c3),
      ev.task('task-1', 'in_progress', { ...c1, result: long }),
      ev.task('task-1', 'in_progress', { ...c2, error: 'The wiki did not answer in time.' }),
      ev.task('task-1', 'in_progress', { ...c3, result: '' }),
    ]);
    const { panel } = renderPanel(language);
    const tasks = await within(panel()).findByRole('region', { name: language === 'en' ? 'Tasks' : 'Aufgaben' });
    await within(tasks).findByText(failed);
    const results = tasks.querySelectorAll('.research__tool-result');
    // One call's result: the failed and the empty call have no result text.
    expect(results).toHaveLength(1);
    const result = results[0]!;
    expect(result.textContent!.startsWith(`${label} Annual report 2025.pdf`)).toBe(true);
    expect(result.textContent).not.toContain('The last line.');
    expect(result.textContent!.endsWith('…')).toBe(true);
    expect(within(tasks).getByText(nothing)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(tasks).getByRole('button', { name: more }));
    expect(result.textContent).toContain('The last line.');
    expect(within(tasks).getByRole('button', { name: less })).toHaveAttribute('aria-expanded', 'true');
    expect(await violations()).toEqual([]);
  });

  it('shows the server\'s refusal of a plan with its message', async () => {
    resetResearch({ status: 'awaiting_approval', stage: 'planning', title: 'Revenue', tasks: PLAN.map((task) => ({ ...task, status: 'pending' as const })) }, [ev.start(), ev.planning('Revenue', PLAN)]);
    research.planRefusal = HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'The research does not wait for a plan approval.' }, { status: 409 });
    const { panel } = renderPanel();
    const user = userEvent.setup();
    await user.click(await within(panel()).findByRole('button', { name: 'Approve plan' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('The plan was not approved: The research does not wait for a plan approval.');
  });

  it('cancels a working run, shows it cancelled and says so', async () => {
    resetResearch({ status: 'running', stage: 'execution', tasks: [{ task_id: 'task-1', content: 'Find', status: 'begin' }] }, [ev.start(), ev.planning('Revenue', [{ task_id: 'task-1', content: 'Find' }]), ev.planning('Revenue', [{ task_id: 'task-1', content: 'Find' }]), ev.task('task-1', 'begin')]);
    const { panel, announce } = renderPanel();
    await within(panel()).findByText('Working…');
    await waitFor(() => expect(research.connections).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel research' }));
    await within(panel()).findByText('Cancelled');
    expect(research.cancels).toBe(1);
    expect(within(panel()).getByText('The research was cancelled.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Cancel research' })).not.toBeInTheDocument();
    expect(currentStep()).toBe('End');
    await waitFor(() => expect(announce).toHaveBeenCalledWith('The research was cancelled.'));
    expect(await violations()).toEqual([]);
  });

  it('reconnects after a dropped connection from the events it received: nothing twice, nothing missed', async () => {
    const events = [
      ev.start(),
      ev.planning('Revenue', [{ task_id: 'task-1', content: 'Find' }]),
      ev.planning('Revenue', [{ task_id: 'task-1', content: 'Find' }]),
      ev.task('task-1', 'begin'),
      ev.task('task-1', 'in_progress', { id: 'c1', tool: 'search_documents', args: { query: 'a' } }),
      ev.task('task-1', 'in_progress', { id: 'c2', tool: 'web_search', args: { query: 'b' } }),
      ev.task('task-1', 'done'),
      ev.report('Revenue grew '),
    ];
    resetResearch({ status: 'running', stage: 'generation' }, events);
    research.dropAfter = 5;
    const { panel } = renderPanel();
    await within(panel()).findByText('Revenue grew');
    expect(research.follows).toEqual([0, 5]);
    const tasks = within(panel()).getByRole('region', { name: 'Tasks' });
    expect(within(tasks).getAllByRole('listitem')).toHaveLength(1);
    expect(within(tasks).getAllByText(/^Searched the /).map((node) => node.textContent)).toEqual(['Searched the documents: “a”', 'Searched the web: “b”']);
    pushEvents(ev.report('by 12 %.'), ev.end());
    research.state = { ...research.state, status: 'completed', stage: 'end', report: 'Revenue grew by 12 %.', last_seq: 10 };
    endStreams({ kind: 'done' });
    await within(panel()).findByText('Completed');
    expect(within(panel()).getByText('Revenue grew by 12 %.')).toBeInTheDocument();
  });

  it('shows the report as Markdown with its sources, named by the run\'s documents', async () => {
    grounded.sourcesAnswers = [sourcesReady()];
    resetResearch(
      {
        status: 'completed',
        stage: 'end',
        report: '## Findings\n\nThe revenue grew by 12 percent [1], one policy says otherwise [2].',
        sources: [
          { index: 0, file_name: 'Annual report.docx', file_id: 'f1', pages: [1] },
          { index: 1, file_name: 'Travel policy.txt', file_id: 'f2', pages: [1] },
        ],
        trace_id: '3f1e2d3c-4b5a-4697-8877-dddddddddddd',
      },
      [ev.start(), ev.report('The revenue grew by 12 percent [1].'), ev.end()],
    );
    research.ending = { kind: 'done' };
    const { panel } = renderPanel();
    await within(panel()).findByText('Completed');
    expect(within(panel()).getByRole('heading', { name: 'Findings' })).toBeInTheDocument();
    const sources = await within(panel()).findByRole('region', { name: 'Sources' });
    expect(await within(sources).findByRole('button', { name: 'Show in document: source 1, Annual report.docx' })).toBeInTheDocument();
    expect(grounded.sourcesCalls.slice(0, 2)).toEqual([`POST ${RESEARCH_ANSWER}`, `GET ${RESEARCH_ANSWER}`]);
    expect(within(panel()).queryByRole('button', { name: 'Cancel research' })).not.toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('shows why a run failed, in German too', async () => {
    resetResearch({ status: 'failed', stage: 'end', error: 'Every task failed.' }, [ev.start(), ev.end()]);
    research.ending = { kind: 'error', code: 'upstream_failed', message: 'Every task failed.' };
    const { panel } = renderPanel('de');
    await within(panel()).findByText('Fehlgeschlagen');
    expect(within(panel()).getByText('Die Recherche ist fehlgeschlagen: Every task failed.')).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });
});
