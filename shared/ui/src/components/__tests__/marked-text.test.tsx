import { render } from '@testing-library/react';
import { MarkedText } from '../marked-text';

describe('MarkedText', () => {
  it('marks the ranges, merging overlapping ones, and keeps the rest as plain text', () => {
    const { container } = render(<MarkedText text="Die Berichte des Quartals" highlights={[{ start: 17, end: 25 }, { start: 4, end: 10 }, { start: 8, end: 12 }]} />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Berichte', 'Quartals']);
    expect(container.textContent).toBe('Die Berichte des Quartals');
  });

  it('never reads the text as HTML', () => {
    const { container } = render(<MarkedText text={'<img src=x onerror="alert(1)">'} highlights={[{ start: 0, end: 4 }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark')!.textContent).toBe('<img');
  });
});
