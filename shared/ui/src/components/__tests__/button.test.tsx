import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlusIcon } from '../../icons/icons';
import { Button } from '../button';
import { IconButton } from '../icon-button';

describe('Button', () => {
  it('is a type="button" with its variant and size, and clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button variant="danger" size="lg" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('ui-button', 'ui-button--danger', 'ui-button--lg');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading: aria-busy, a spinner, keeps focus and is not clickable by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.querySelector('.ui-spinner')).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disabled means disabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Send
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('an icon next to the text is decorative', () => {
    render(<Button icon={<PlusIcon />}>New agent</Button>);
    expect(screen.getByRole('button', { name: 'New agent' }).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('IconButton', () => {
  it('is named by its aria-label and shows it as a tooltip', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(<IconButton aria-label="New chat" icon={<PlusIcon />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'New chat' });
    expect(button).toHaveAttribute('title', 'New chat');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
