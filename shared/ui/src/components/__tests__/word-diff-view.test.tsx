import { render, screen } from '@testing-library/react';
import { WordDiffView } from '../word-diff-view';

describe('WordDiffView', () => {
  it('marks added and struck removed words in a named region, with the summary from the counts', () => {
    render(
      <WordDiffView
        before="Antworte kurz und freundlich."
        after="Antworte knapp und freundlich auf Deutsch."
        label="Änderungen in Version 2"
        summary={({ added, removed }) => `${added} hinzu, ${removed} weg`}
      />,
    );
    const region = screen.getByLabelText('Änderungen in Version 2');
    expect([...region.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['knapp', ' auf Deutsch']);
    expect([...region.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['kurz']);
    expect(screen.getByText('3 hinzu, 1 weg')).toBeInTheDocument();
  });

  it('shows the text unmarked when nothing changed, and never reads it as HTML', () => {
    const { container } = render(<WordDiffView before={'<img src=x onerror="alert(1)">'} after={'<img src=x onerror="alert(1)">'} label="Diff" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('ins, del')).toHaveLength(0);
    expect(container.querySelector('p')).toBeNull();
    expect(screen.getByLabelText('Diff').textContent).toBe('<img src=x onerror="alert(1)">');
  });
});
