import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { useFileDrop } from '../use-file-drop';

function Area({ enabled, onFiles }: { enabled: boolean; onFiles: (files: File[]) => void }) {
  const { dragging, handlers } = useFileDrop(enabled, onFiles);
  return (
    <div role="group" aria-label="Drop here" data-dragging={dragging} {...handlers}>
      <span>child</span>
    </div>
  );
}

const transfer = (files: File[]) => ({ files, types: ['Files'], dropEffect: 'none' });
const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });

describe('useFileDrop', () => {
  it('highlights while files are over the area (children included) and hands over the dropped files', () => {
    const onFiles = jest.fn();
    render(<Area enabled onFiles={onFiles} />);
    const area = screen.getByRole('group', { name: 'Drop here' });
    fireEvent.dragEnter(area, { dataTransfer: transfer([pdf]) });
    fireEvent.dragEnter(screen.getByText('child'), { dataTransfer: transfer([pdf]) });
    fireEvent.dragLeave(screen.getByText('child'));
    expect(area).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(area, { dataTransfer: transfer([pdf]) });
    expect(area).toHaveAttribute('data-dragging', 'false');
    expect(onFiles).toHaveBeenCalledWith([pdf]);
  });

  it('keeps files dropped elsewhere on the page from being opened, only while enabled', () => {
    const { rerender } = render(<Area enabled onFiles={jest.fn()} />);
    const drop = createEvent.drop(window, { dataTransfer: transfer([pdf]) });
    fireEvent(window, drop);
    expect(drop.defaultPrevented).toBe(true);

    rerender(<Area enabled={false} onFiles={jest.fn()} />);
    const later = createEvent.drop(window, { dataTransfer: transfer([pdf]) });
    fireEvent(window, later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('takes nothing while not enabled', () => {
    const onFiles = jest.fn();
    render(<Area enabled={false} onFiles={onFiles} />);
    fireEvent.drop(screen.getByRole('group', { name: 'Drop here' }), { dataTransfer: transfer([pdf]) });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
