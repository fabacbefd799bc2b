import type { AdminRatingsResponse } from '@assistant/contracts';
import { createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../../app/shell-i18n';
import { addGovernanceTexts } from '../../governance-texts';
import RatingsTab from '../ratings-tab';

const figures: AdminRatingsResponse = {
  totals: { up: 8, down: 2 },
  by_day: [
    { day: '2026-11-26', up: 3, down: 1 },
    { day: '2026-11-27', up: 0, down: 0 },
    { day: '2026-11-28', up: 5, down: 1 },
  ],
  by_model: [
    { model: 'llama-3.1-8b', up: 6, down: 0 },
    { model: 'mistral-small', up: 2, down: 2 },
  ],
  by_feature: [
    { feature: 'chat', up: 7, down: 1 },
    { feature: 'qa', up: 1, down: 1 },
  ],
  by_agent: [
    { agent_id: 'a-1', agent_name: 'Travel expenses', up: 3, down: 1 },
    { agent_id: 'a-2', agent_name: null, up: 0, down: 1 },
  ],
  reasons: [
    { rating: 'up', reason: 'helpful', count: 5 },
    { rating: 'up', reason: 'correct', count: 7 },
    { rating: 'down', reason: 'bad_sources', count: 2 },
  ],
  comments: [
    {
      at: '2026-11-28T10:15:00.000Z',
      rating: 'down',
      reasons: ['bad_sources'],
      comment: 'Cites the <b>old</b> policy',
      feature: 'qa',
      model: 'mistral-small',
      agent_name: null,
      question_text: 'What is the <i>travel</i> allowance?',
      answer_text: 'It is **24 EUR** a day. <img src=x onerror=alert(1)> [more](javascript:alert(1))',
    },
    { at: '2026-11-27T08:00:00.000Z', rating: 'up', reasons: [], comment: 'Great', feature: 'agents', model: null, agent_name: 'Travel expenses', question_text: null, answer_text: null },
  ],
};

let searches: URLSearchParams[];
let answer: AdminRatingsResponse;
const server = setupServer(
  http.get('*/api/admin/ratings', ({ request }) => {
    const search = new URL(request.url).searchParams;
    searches.push(search);
    if (search.get('model') === 'mistral-small') return HttpResponse.json({ ...answer, totals: { up: 2, down: 2 }, by_model: [answer.by_model[1]] });
    return HttpResponse.json(answer);
  }),
);

beforeAll(() => {
  addShellTexts();
  addGovernanceTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  searches = [];
  answer = figures;
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

/** Each body row of a table: its header cell and its cells, as read. */
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

describe('the answer ratings tab', () => {
  it('shows the rate of good answers overall, by day, model, feature and agent, the reasons and the comments', async () => {
    renderWithProviders(
      <main>
        <RatingsTab />
      </main>,
      { language: 'en' },
    );
    const totals = await screen.findByRole('region', { name: 'In the period' });
    expect(within(totals).getByText('Good answers').nextElementSibling).toHaveTextContent('80%');
    expect(within(totals).getByText('Thumbs up').nextElementSibling).toHaveTextContent('8');
    expect(within(totals).getByText('Thumbs down').nextElementSibling).toHaveTextContent('2');

    expect(tableRows('Rate of good answers by day')).toEqual([
      ['26/11/2026', '75%', '3', '1', '4'],
      ['27/11/2026', '–', '0', '0', '0'],
      ['28/11/2026', '83%', '5', '1', '6'],
    ]);
    expect(screen.getByRole('img', { name: /Rate of good answers on 2 days with ratings, 80% overall; highest 83% on 28\/11\/2026, lowest 75% on 26\/11\/2026/ })).toBeInTheDocument();
    expect(tableRows('By model')).toEqual([
      ['llama-3.1-8b', '100%', '6', '0', '6'],
      ['mistral-small', '50%', '2', '2', '4'],
    ]);
    expect(tableRows('By feature').map((row) => row.slice(0, 2))).toEqual([
      ['Chat', '88%'],
      ['Questions over documents', '50%'],
    ]);
    expect(tableRows('By agent').map((row) => row.slice(0, 2))).toEqual([
      ['Travel expenses', '75%'],
      ['Deleted agent (a-2)', '0%'],
    ]);
    // Most named first.
    expect(within(screen.getByRole('list', { name: 'Why good' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Correct7', 'Helpful5']);
    expect(within(screen.getByRole('list', { name: 'Why bad' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Bad sources2']);

    const comments = within(screen.getByRole('list', { name: 'Latest comments' })).getAllByRole('listitem');
    expect(comments[0]).toHaveTextContent('Bad');
    expect(comments[0]).toHaveTextContent('Questions over documents · Model mistral-small · Bad sources');
    expect(within(comments[0]!).getByText('Cites the <b>old</b> policy')).toBeInTheDocument();
    // What users wrote is text: no element is made from it, and no script link.
    expect(within(comments[0]!).getByText('What is the <i>travel</i> allowance?')).toBeInTheDocument();
    // The answer through the safe Markdown renderer (its parser is a chunk of its own).
    expect((await within(comments[0]!).findByText('24 EUR')).tagName).toBe('STRONG');
    expect(document.querySelector('main b, main i, main img, main a[href^="javascript"]')).toBeNull();
    expect(comments[1]).toHaveTextContent('Agents · Agent Travel expenses');
    expect(within(comments[1]!).queryByText('Shared question and answer')).toBeNull();

    document.title = 'Answer ratings';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('asks for the period and the chosen feature, model and agent, and checks a custom period', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RatingsTab />, { language: 'de' });
    await screen.findByRole('table', { name: 'Nach Modell' });
    const today = new Date();
    const day = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset)).toISOString().slice(0, 10);
    expect(searches.map((s) => s.toString())).toEqual([`from=${day(29)}&to=${day(0)}`]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Funktion' }), 'Fragen an Dokumente');
    await waitFor(() => expect(searches.at(-1)?.get('feature')).toBe('qa'));
    // Models and agents to choose from are the period's (the request without filters, already in the cache).
    const model = screen.getByRole('combobox', { name: 'Modell' });
    expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['Alle Modelle', 'llama-3.1-8b', 'mistral-small']);
    await user.selectOptions(model, 'mistral-small');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Im Zeitraum' })).getByText('Gute Antworten').nextElementSibling).toHaveTextContent('50 %'));
    expect(Object.fromEntries(searches.at(-1)!)).toEqual({ from: day(29), to: day(0), feature: 'qa', model: 'mistral-small' });
    expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['Alle Modelle', 'llama-3.1-8b', 'mistral-small']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'Gelöschter Agent (a-2)');
    await waitFor(() => expect(searches.at(-1)?.get('agent')).toBe('a-2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Zeitraum' }), 'Eigener Zeitraum');
    expect(screen.getByLabelText('Von')).toHaveValue(day(29));
    const asked = searches.length;
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2020-01-01' } });
    expect(screen.getByLabelText('Bis')).toHaveAccessibleDescription('„Bis“ darf nicht vor „Von“ liegen.');
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2019-12-01' } });
    await waitFor(() => expect(searches.at(-1)?.get('from')).toBe('2019-12-01'));
    // Nothing was asked for the refused period (the figures and the period's choices were asked for the right one).
    expect(searches.slice(asked).map((s) => `${s.get('from')}..${s.get('to')}`)).toEqual(['2019-12-01..2020-01-01', '2019-12-01..2020-01-01']);
  });

  it('says when nobody rated an answer in the period', async () => {
    answer = { totals: { up: 0, down: 0 }, by_day: [], by_model: [], by_feature: [], by_agent: [], reasons: [], comments: [] };
    renderWithProviders(<RatingsTab />, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'No ratings in the period' })).toBeInTheDocument();
  });
});
