import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { handlers, renderAt, resetUseCases, streamOf, violations } from './usecases-kit';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const bodies: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  bodies.length = 0;
  server.resetHandlers(
    ...handlers(),
    http.post('*/api/generate', async ({ request }) => {
      bodies.push(await request.json());
      return streamOf('Dear team,', ' the order is late.');
    }),
  );
});

const output = () => document.querySelector('.usecases__output')?.textContent;

describe('generate', () => {
  it('shows the templates as cards and the chosen one’s form; checks required fields as the server does, focusing the first', async () => {
    await renderAt('/usecases/generate');
    const user = userEvent.setup();
    const email = await screen.findByRole('button', { name: /^E-mail/ });
    expect(screen.getByRole('button', { name: /^Letter/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Meeting minutes/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Job posting/ })).toBeInTheDocument();
    await user.click(email);
    expect(email).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Generate text' }));
    const recipient = screen.getByRole('textbox', { name: 'Recipient' });
    expect(recipient).toHaveAccessibleDescription('Please fill this in.');
    expect(recipient).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'What is it about?' })).toHaveAccessibleDescription('Please fill this in.');
    expect(screen.getByRole('textbox', { name: 'Key points (optional)' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  it('sends the filled fields (empty optional ones left out) and streams the text', async () => {
    await renderAt('/usecases/generate');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'the purchasing team');
    await user.type(screen.getByRole('textbox', { name: 'What is it about?' }), 'A late order');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tone (optional)' }), 'friendly');
    await user.click(screen.getByRole('button', { name: 'Generate text' }));
    await waitFor(() => expect(output()).toBe('Dear team, the order is late.'));
    expect(bodies).toEqual([{ template: 'email', fields: { recipient: 'the purchasing team', purpose: 'A late order', tone: 'friendly' }, language: 'en' }]);
    expect(await screen.findByText('The text is complete.')).toBeInTheDocument();
  });

  it('speaks German, with the templates’ German labels', async () => {
    await renderAt('/usecases/generate', '/usecases/generate', 'de');
    await userEvent.click(await screen.findByRole('button', { name: /^Stellenanzeige/ }));
    expect(screen.getByRole('textbox', { name: 'Stellenbezeichnung' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text erstellen' })).toBeInTheDocument();
  });
});
