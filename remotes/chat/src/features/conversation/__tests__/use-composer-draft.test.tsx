import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setPersistenceUser } from '@assistant/platform';
import { COMPOSER_DRAFT_PREFIX, useComposerDraft } from '../hooks/use-composer-draft';
import { CONVERSATION, FakeChatHistory, exchange, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);
/** The storage key of a draft of the signed-in user `employee`. */
const stored = (conversation: string) => `${COMPOSER_DRAFT_PREFIX}employee:${conversation}`;
beforeEach(async () => {
  await setPersistenceUser('employee');
});
afterEach(() => {
  sessionStorage.clear();
});

describe('the message box of a conversation', () => {
  it('gets back what was typed after the page left (a sign-in round trip) and forgets it once sent', async () => {
    setModels();
    const user = userEvent.setup();
    const history = new FakeChatHistory(exchange('one', 'First?', 'An answer.'));
    const first = renderConversation(history);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'A long question I was writing');
    first.unmount();

    renderConversation(history);
    const restored = await screen.findByRole('textbox', { name: 'Your message' });
    expect(restored).toHaveValue('A long question I was writing');
    expect(sessionStorage.getItem(stored(CONVERSATION))).toBe('A long question I was writing');

    await user.type(restored, '{Enter}');
    await waitFor(() => expect(restored).toHaveValue(''));
    expect(sessionStorage.getItem(stored(CONVERSATION))).toBeNull();
  });
});

describe('useComposerDraft', () => {
  it('keeps what is typed in sessionStorage, per conversation, and restores it on mount', () => {
    const first = renderHook(() => useComposerDraft('c-1'));
    act(() => first.result.current.setText('Halb geschrieben'));
    expect(first.result.current.text).toBe('Halb geschrieben');
    expect(sessionStorage.getItem(stored('c-1'))).toBe('Halb geschrieben');
    first.unmount(); // the page leaves for the sign-in

    const again = renderHook(() => useComposerDraft('c-1'));
    expect(again.result.current.text).toBe('Halb geschrieben');
    expect(renderHook(() => useComposerDraft('c-2')).result.current.text).toBe('');
  });

  it('clears the draft on send', () => {
    const { result } = renderHook(() => useComposerDraft('new'));
    act(() => result.current.setText('Frage'));
    act(() => result.current.clear());
    expect(result.current.text).toBe('');
    expect(sessionStorage.getItem(stored('new'))).toBeNull();
  });

  it('switches to the other conversation’s draft when the key changes', () => {
    sessionStorage.setItem(stored('c-2'), 'Entwurf zwei');
    const { result, rerender } = renderHook(({ id }) => useComposerDraft(id), { initialProps: { id: 'c-1' } });
    act(() => result.current.setText('Entwurf eins'));
    rerender({ id: 'c-2' });
    expect(result.current.text).toBe('Entwurf zwei');
    act(() => result.current.setText('Entwurf zwei, länger'));
    rerender({ id: 'c-1' });
    expect(result.current.text).toBe('Entwurf eins');
    expect(sessionStorage.getItem(stored('c-2'))).toBe('Entwurf zwei, länger');
  });

  it('never shows one person\'s draft to another who signs in in the same tab', async () => {
    const mine = renderHook(() => useComposerDraft('new'));
    act(() => mine.result.current.setText('Vertraulicher Entwurf'));
    mine.unmount();
    await setPersistenceUser('colleague');
    expect(renderHook(() => useComposerDraft('new')).result.current.text).toBe('');
    await setPersistenceUser('employee');
    expect(renderHook(() => useComposerDraft('new')).result.current.text).toBe('Vertraulicher Entwurf');
  });

  it('keeps the draft in memory only without a key', () => {
    const { result } = renderHook(() => useComposerDraft(undefined));
    act(() => result.current.setText('nur hier'));
    expect(result.current.text).toBe('nur hier');
    expect(sessionStorage.length).toBe(0);
  });

  it('still works when sessionStorage refuses to store', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useComposerDraft('c-1'));
    act(() => result.current.setText('trotzdem'));
    expect(result.current.text).toBe('trotzdem');
    setItem.mockRestore();
  });
});
