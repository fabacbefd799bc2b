import type { EasyLanguageRequest } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RouteObject } from '@assistant/routing';
import { addShellTexts } from '../../../app/shell-i18n';
import { buildRoutes } from '../../../app/routes';
import EasyLanguagePage from '../easy-language-page';

/** A JSON-lines answer the test writes line by line, while the page reads it. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    send: (...events: unknown[]) => controller.enqueue(encoder.encode(events.map((event) => `${JSON.stringify(event)}\n`).join(''))),
    close: () => controller.close(),
  };
}

const begin = { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } };
const append = (delta: string) => ({ kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta } });
const end = { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } };
const done = { kind: 'done' };

const requests: EasyLanguageRequest[] = [];
let live = liveStream();
const server = setupServer(
  http.post('*/api/easy-language', async ({ request }) => {
    requests.push((await request.json()) as EasyLanguageRequest);
    return new HttpResponse(live.stream, { headers: { 'content-type': 'application/x-ndjson' } });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  requests.length = 0;
  live = liveStream();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

const output = () => document.querySelector('.easy-language__output')?.textContent;
const status = () => document.querySelector('[aria-live="polite"]')!.textContent;

async function started(language: 'de' | 'en' = 'en', text = 'Der Bericht wird morgen von der Abteilung geprüft.') {
  const user = userEvent.setup();
  renderWithProviders(<EasyLanguagePage />, { language });
  await user.click(screen.getByRole('textbox'));
  await user.paste(text);
  return user;
}

describe('easy-language page', () => {
  it('says the result is machine-made plain language, not certified Leichte Sprache', () => {
    renderWithProviders(<EasyLanguagePage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Easy language' })).toBeInTheDocument();
    expect(screen.getByText(/plain language written by a machine.*not certified “Leichte Sprache” or Easy Read/)).toBeInTheDocument();
    expect(document.title).toMatch(/^Easy language – /);
  });

  it('streams the rewritten text in piece by piece, announces only progress, and copies it', async () => {
    const user = await started('en');
    expect(screen.getByText(`${'Der Bericht wird morgen von der Abteilung geprüft.'.length} of 50,000 characters`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(requests).toEqual([{ text: 'Der Bericht wird morgen von der Abteilung geprüft.', locale: 'en' }]));
    expect(status()).toBe('Rewriting …');

    live.send(begin, append('The department checks the report.'));
    await waitFor(() => expect(output()).toBe('The department checks the report.'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(status()).toBe('Rewriting …'); // the text itself is not in a live region

    live.send(append('\n\nIt does this tomorrow.'));
    await waitFor(() => expect(output()).toBe('The department checks the report.\n\nIt does this tomorrow.'));

    live.send(end, done);
    live.close();
    await waitFor(() => expect(status()).toBe('Done. The plain-language version is complete.'));
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();

    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(write).toHaveBeenCalledWith('The department checks the report.\n\nIt does this tomorrow.');
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'EASY_LANGUAGE.copied', ns: 'shell' }]);
  });

  it('rewrites into the interface language by default, or the chosen one, with Ctrl+Enter', async () => {
    const user = await started('de', 'Ein Text.');
    expect(screen.getByLabelText('Umschreiben in')).toHaveValue('de');
    await user.selectOptions(screen.getByLabelText('Umschreiben in'), 'en');
    await user.click(screen.getByRole('textbox'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(requests).toEqual([{ text: 'Ein Text.', locale: 'en' }]));
    expect(screen.getByRole('textbox')).toHaveValue('Ein Text.');
  });

  it('stops: the request is aborted, the text so far stays and is marked incomplete', async () => {
    // Once the answer streams, msw does not pass a cancel on to the handler's stream; the platform's
    // own tests show that an aborted signal cancels the reader. Here: the page aborts its signal.
    const abort = jest.spyOn(AbortController.prototype, 'abort');
    const user = await started('en');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    live.send(begin, append('The department checks'));
    await waitFor(() => expect(output()).toBe('The department checks'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(abort).toHaveBeenCalledWith('stopped by the user');
    await waitFor(() => expect(status()).toBe('Stopped. The text so far stays.'));
    expect(output()).toBe('The department checks');
    expect(screen.getByText('Stopped: this text is incomplete.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useNotificationsStore.getState().notifications).toHaveLength(0);
  });

  it('shows an error event with its message and keeps what arrived', async () => {
    const user = await started('en');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    live.send(begin, append('The department'), end, { kind: 'error', message: 'The model or tool service failed', code: 'upstream_failed' });
    live.close();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rewriting failed.');
    expect(alert).toHaveTextContent('The model or tool service failed');
    expect(alert).toHaveTextContent('it is incomplete');
    expect(output()).toBe('The department');
  });

  it('503 before streaming: says clearly that no language model is connected (German)', async () => {
    server.use(
      http.post('*/api/easy-language', () =>
        HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'No language model is reachable: easy language needs a language model' },
          { status: 503 },
        ),
      ),
    );
    const user = await started('de');
    await user.click(screen.getByRole('button', { name: 'Umschreiben' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Es ist kein Sprachmodell angebunden, daher ist Einfache Sprache derzeit nicht verfügbar.');
    expect(screen.getByRole('textbox')).toHaveValue('Der Bericht wird morgen von der Abteilung geprüft.');
  });

  it('429 before streaming: says in the interface language when to try again (German)', async () => {
    server.use(
      http.post('*/api/easy-language', () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'Too many model requests: at most 30 a minute.', code: 'rate_limited', retry_after_seconds: 20 },
          { status: 429, headers: { 'retry-after': '20' } },
        ),
      ),
    );
    const user = await started('de');
    await user.click(screen.getByRole('button', { name: 'Umschreiben' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.');
    expect(alert).not.toHaveTextContent('Too many model requests');
  });

  it('a used-up budget says the day it resets (English)', async () => {
    server.use(
      http.post('*/api/easy-language', () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'Used up', code: 'budget_exhausted', resets_at: '2026-12-01T00:00:00.000Z' },
          { status: 429 },
        ),
      ),
    );
    const user = await started('en');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your monthly budget is used up. It resets on 1 December 2026.');
  });

  it('a budget used up while streaming says so in German', async () => {
    const user = await started('de');
    await user.click(screen.getByRole('button', { name: 'Umschreiben' }));
    live.send(begin, { kind: 'error', code: 'budget_exhausted', message: 'Your monthly budget for the assistant is used up' });
    live.close();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ihr monatliches Budget ist aufgebraucht\. Ab dem 1\. \S+ \d{4} steht es wieder zur Verfügung\./);
  });

  it('a stream that ends without done is reported as broken off', async () => {
    const user = await started('en');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    live.send(begin, append('Half'));
    live.close();
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer broke off before it was complete.');
  });

  it('does not show a reasoning channel', async () => {
    const user = await started('en');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    live.send(
      { kind: 'stream_text', event: { stream_id: 'r', type: 'begin', channel: 'reasoning' } },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'append', delta: 'thinking…' } },
      begin,
      append('Plain.'),
      end,
      done,
    );
    live.close();
    await waitFor(() => expect(status()).toBe('Done. The plain-language version is complete.'));
    expect(output()).toBe('Plain.');
  });

  it('counts against the limit and does not send a text that is too long', async () => {
    const user = await started('en', '');
    const textbox = screen.getByRole('textbox');
    await user.click(textbox);
    await user.paste('x'.repeat(50_001));
    expect(textbox).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Rewrite' })).toBeDisabled();
  });
});

describe('easy-language route', () => {
  const children = (available: boolean): RouteObject[] =>
    buildRoutes({ flags: {}, isFeatureAvailable: (feature) => feature !== 'easyLanguage' || available, remotes: [], isAdmin: false }).find(
      (route) => route.path === '/',
    )!.children!;

  it('exists only when the feature set has easyLanguage (BETA), as a lazily loaded page', () => {
    expect(children(false).map((route) => route.path)).not.toContain('easy-language');
    const route = children(true).find((r) => r.path === 'easy-language')!;
    expect((route.element as unknown as { type: { $$typeof: symbol } }).type.$$typeof).toBe(Symbol.for('react.lazy'));
  });
});
