import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VersionList } from '../version-list';

describe('VersionList', () => {
  it('lists the versions as buttons in a named list, marks the chosen one and reports a choice', async () => {
    const onSelect = jest.fn();
    render(
      <VersionList
        label="Versions, newest first"
        selected={2}
        onSelect={onSelect}
        items={[
          { version: 2, label: 'Version 2', badge: <span>current</span>, meta: 'today' },
          { version: 1, label: 'Version 1' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Version 2currenttoday', 'Version 1']);
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    expect(buttons[1]).not.toHaveAttribute('aria-current');
    await userEvent.click(buttons[1]!);
    expect(onSelect).toHaveBeenCalledWith(1);
  });
});
