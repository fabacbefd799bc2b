import { CANVAS_HANDOFF_KEY } from '@assistant/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';

jest.setTimeout(20_000);

const created: Array<{ title: string; markdown: string }> = [];
const server = setupServer(
  http.post('*/api/conversations/:id/canvases', async ({ request, params }) => {
    const body = (await request.json()) as { title: string; markdown: string };
    created.push(body);
    const time = '2026-11-27T10:00:00.000Z';
    return HttpResponse.json(
      { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', conversation_id: String(params.id), version: 1, created_at: time, updated_at: time, ...body },
      { status: 201 },
    );
  }),
  http.get('*/api/canvases/:id', () =>
    HttpResponse.json({
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      conversation_id: backend.conversations[0]!.id,
      version: 1,
      title: created[0]!.title,
      markdown: created[0]!.markdown,
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
    }),
  ),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  created.length = 0;
  sessionStorage.clear();
});

describe('a text handed to the canvas from another remote', () => {
  it('starts a conversation named after it and opens the text in its canvas, once', async () => {
    resetChatState();
    sessionStorage.setItem(CANVAS_HANDOFF_KEY, JSON.stringify({ title: 'Summary', markdown: '- First point\n- Second point' }));
    renderChat('/chat?canvas=new');
    const canvas = await screen.findByRole('region', { name: 'Summary' });
    await within(canvas).findByText('Saved · version 1');
    expect(backend.conversations.map((conversation) => conversation.name)).toEqual(['Summary']);
    expect(created).toEqual([{ title: 'Summary', markdown: '- First point\n- Second point' }]);
    expect(sessionStorage.getItem(CANVAS_HANDOFF_KEY)).toBeNull();
  });

  it('opens nothing for a missing or invalid handoff', async () => {
    resetChatState();
    sessionStorage.setItem(CANVAS_HANDOFF_KEY, JSON.stringify({ title: '', markdown: 'x' }));
    renderChat('/chat?canvas=new');
    await screen.findByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(sessionStorage.getItem(CANVAS_HANDOFF_KEY)).toBeNull());
    expect(backend.conversations).toEqual([]);
    expect(screen.queryByRole('region', { name: /Canvas/ })).toBeNull();
  });
});
