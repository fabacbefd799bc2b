import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListStates, type ListLoadState } from '../list-states';

const texts = { loading: 'Agenten werden geladen', failed: 'Die Agenten konnten nicht geladen werden', retry: 'Erneut versuchen' };
const list = (change: Partial<ListLoadState>): ListLoadState => ({ status: 'ready', reloading: false, reload: jest.fn(), ...change });
const items = <ul aria-label="Agenten"><li>Reiseplaner</li></ul>;

describe('ListStates', () => {
  it('announces the loading placeholder', () => {
    render(<ListStates list={list({ status: 'loading' })} texts={texts} empty={null}>{items}</ListStates>);
    expect(screen.getByRole('status')).toHaveTextContent('Agenten werden geladen');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a failure with its reason and a retry that reloads', async () => {
    const failed = list({ status: 'failed', error: 'Der Server antwortet nicht.' });
    render(<ListStates list={failed} texts={texts} empty={null}>{items}</ListStates>);
    expect(screen.getByRole('alert')).toHaveTextContent('Die Agenten konnten nicht geladen werden');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Die Agenten konnten nicht geladen werden');
    expect(screen.getByRole('alert')).toHaveTextContent('Der Server antwortet nicht.');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(failed.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state of a ready list without items, at the given heading level', () => {
    render(
      <ListStates list={list({})} texts={texts} empty={{ title: 'Noch keine Agenten', text: 'Legen Sie einen an.' }} headingLevel={2}>
        {items}
      </ListStates>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Noch keine Agenten' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the list when it is ready and has items', () => {
    render(<ListStates list={list({})} texts={texts} empty={null}>{items}</ListStates>);
    expect(screen.getByRole('list', { name: 'Agenten' })).toHaveTextContent('Reiseplaner');
  });
});
