import { APP_VERSION } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { AccessibilityFeedbackForm } from '../accessibility-feedback-form';

const received: unknown[] = [];
let failNext = false;
const server = setupServer(
  http.post('*/api/feedback/accessibility', async ({ request }) => {
    if (failNext) {
      failNext = false;
      return HttpResponse.json({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, { status: 503 });
    }
    received.push(await request.json());
    return HttpResponse.json({ id: '0b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11', created_at: '2026-11-21T12:00:00Z' }, { status: 201 });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
});
afterAll(() => server.close());
beforeEach(() => {
  received.length = 0;
  useNotificationsStore.setState({ notifications: [] });
});

function renderForm() {
  addShellTexts();
  renderWithProviders(<AccessibilityFeedbackForm />, { language: 'en' });
}

describe('accessibility feedback form', () => {
  it('sends the report with the ui version and clears the form', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your report/), 'The upload button has no name.');
    await user.type(screen.getByLabelText(/Page/), '/collections');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ message: 'The upload button has no name.', page: '/collections', ui_version: APP_VERSION });
    await waitFor(() => expect(screen.getByLabelText(/Your report/)).toHaveValue(''));
    expect(useNotificationsStore.getState().notifications.map((n) => n.variant)).toEqual(['success']);
  });

  it('asks for a description instead of sending an empty report', async () => {
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByLabelText(/Your report/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please describe the problem.')).toBeInTheDocument();
    expect(received).toHaveLength(0);
  });

  it('keeps the text when sending fails, and says so', async () => {
    renderForm();
    failNext = true;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your report/), 'Focus is lost after closing the dialog.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(useNotificationsStore.getState().notifications.map((n) => n.variant)).toEqual(['error']));
    expect(screen.getByLabelText(/Your report/)).toHaveValue('Focus is lost after closing the dialog.');
  });
});
