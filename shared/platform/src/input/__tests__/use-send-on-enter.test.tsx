import { fireEvent, render, screen } from '@testing-library/react';
import { useSendOnEnter } from '../use-send-on-enter';

function Box({ send }: { send: () => void }) {
  const sendOnEnter = useSendOnEnter(send);
  return <textarea aria-label="Frage" {...sendOnEnter} />;
}

describe('useSendOnEnter', () => {
  it('sends on Enter and keeps the new line out of the box', () => {
    const send = jest.fn();
    render(<Box send={send} />);
    const enter = fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(enter).toBe(false); // default prevented
  });

  it('lets Shift+Enter add a line', () => {
    const send = jest.fn();
    render(<Box send={send} />);
    expect(fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('does not send between compositionstart and compositionend, and does again after', () => {
    const send = jest.fn();
    render(<Box send={send} />);
    const box = screen.getByRole('textbox');
    fireEvent.compositionStart(box);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).not.toHaveBeenCalled();
    fireEvent.compositionEnd(box);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
