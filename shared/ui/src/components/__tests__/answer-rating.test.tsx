import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { UI_TEXTS_EN, UiTextsProvider } from '../../core/ui-texts';
import { AnswerRating, type AnswerRatingDraft, type AnswerRatingValue } from '../answer-rating';

interface HarnessProps {
  initial?: AnswerRatingValue | null;
  refuse?: boolean;
  english?: boolean;
}

let saved: AnswerRatingDraft[] = [];
let cleared = 0;

/** The rating with data as useAnswerRating gives it: what is saved is what shows. */
function Harness({ initial = null, refuse = false, english = true }: HarnessProps) {
  const [rating, setRating] = useState<AnswerRatingValue | null>(initial);
  const view = (
    <main>
      <h1>Answer</h1>
      <p>The travel costs are paid within 30 days.</p>
      <AnswerRating
        rating={rating}
        onSave={async (draft) => {
          saved.push(draft);
          if (refuse) throw new Error('refused');
          setRating({ ...draft, comment: draft.comment || null });
        }}
        onClear={async () => {
          cleared += 1;
          if (refuse) throw new Error('refused');
          setRating(null);
        }}
      />
    </main>
  );
  return english ? <UiTextsProvider texts={UI_TEXTS_EN}>{view}</UiTextsProvider> : view;
}

beforeEach(() => {
  saved = [];
  cleared = 0;
});

async function noAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('AnswerRating', () => {
  it('speaks German without the host’s texts', async () => {
    render(<Harness english={false} />);
    expect(await screen.findByRole('button', { name: 'Gute Antwort' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Schlechte Antwort' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('group', { name: 'Antwort bewerten' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Schlechte Antwort' }));
    expect(await screen.findByRole('group', { name: 'Was war nicht gut? (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unvollständig' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Diese Unterhaltung mit den Administratoren teilen' })).toBeInTheDocument();
  });

  it('saves a thumb at once, opens the reasons of that thumb and takes the rating back when pressed again', async () => {
    // jsdom lays nothing out: whether the opened panel is brought into view is what can be seen.
    const scrolledIntoView: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledIntoView.push(this);
    };
    render(<Harness />);
    const good = await screen.findByRole('button', { name: 'Good answer' });
    await userEvent.click(good);
    expect(saved).toEqual([{ rating: 'up', reasons: [], comment: '', share_with_admins: false }]);
    expect(good).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'false');
    // The panel offers the good thumb's reasons, the focus on the first.
    expect(screen.getByRole('group', { name: 'Your feedback' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Correct' })).toHaveFocus();
    expect(scrolledIntoView).toContain(screen.getByRole('button', { name: 'Correct' }).closest('form'));
    expect(screen.queryByRole('button', { name: 'Wrong' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Rated as a good answer.');

    await userEvent.click(good);
    expect(cleared).toBe(1);
    expect(good).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('group', { name: 'Your feedback' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Rating taken back.');
  });

  it('sends the chosen reasons, the comment and the sharing choice, then gives the focus back to the thumb', async () => {
    render(<Harness />);
    const bad = await screen.findByRole('button', { name: 'Bad answer' });
    await userEvent.click(bad);
    await userEvent.click(screen.getByRole('button', { name: 'Wrong' }));
    await userEvent.click(screen.getByRole('button', { name: 'Incomplete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wrong' }));
    expect(screen.getByRole('button', { name: 'Incomplete' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'The 2025 rules are missing.');
    const share = screen.getByRole('checkbox', { name: 'Share this conversation with the administrators' });
    expect(share).toHaveAccessibleDescription(/administrators can read your question and this answer/);
    await userEvent.click(share);
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(saved.at(-1)).toEqual({ rating: 'down', reasons: ['incomplete'], comment: 'The 2025 rules are missing.', share_with_admins: true });
    expect(screen.queryByRole('group', { name: 'Your feedback' })).not.toBeInTheDocument();
    expect(bad).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for your feedback.');
  });

  it('shows a saved rating and opens it again with its reasons, comment and sharing; Escape closes it', async () => {
    render(<Harness initial={{ rating: 'down', reasons: ['too_long'], comment: 'Shorter, please.', share_with_admins: true }} />);
    const bad = await screen.findByRole('button', { name: 'Bad answer' });
    expect(bad).toHaveAttribute('aria-pressed', 'true');
    const more = screen.getByRole('button', { name: 'Tell us more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Too long' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Shorter, please.');
    expect(screen.getByRole('checkbox', { name: 'Share this conversation with the administrators' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Your feedback' })).not.toBeInTheDocument();
    expect(bad).toHaveFocus();
    expect(saved).toEqual([]);

    // The other thumb: its own reasons, the comment and the sharing kept.
    await userEvent.click(screen.getByRole('button', { name: 'Good answer' }));
    expect(saved).toEqual([{ rating: 'up', reasons: [], comment: 'Shorter, please.', share_with_admins: true }]);
  });

  it('says when the rating could not be saved and shows the saved state again', async () => {
    render(<Harness refuse />);
    const good = await screen.findByRole('button', { name: 'Good answer' });
    await userEvent.click(good);
    expect(await screen.findByRole('alert')).toHaveTextContent('The rating could not be saved. Please try again.');
    await waitFor(() => expect(good).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('group', { name: 'Your feedback' })).not.toBeInTheDocument();
  });

  it('has no axe violations, with the panel open too', async () => {
    const { container } = render(<Harness initial={{ rating: 'up', reasons: ['helpful'], comment: null, share_with_admins: false }} />);
    await screen.findByRole('button', { name: 'Good answer' });
    await noAxeViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Tell us more' }));
    await noAxeViolations(container);
  });
});
