import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI_TEXTS_EN, UiTextsProvider } from '../../core/ui-texts';
import { Checkbox } from '../checkbox';
import { Select } from '../select';
import { Switch } from '../switch';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';

describe('TextField', () => {
  it('links description and error with aria-describedby and sets aria-invalid', () => {
    render(<TextField label="Agent name" description="Shown in the list." error="Please enter a name." required />);
    const input = screen.getByRole('textbox', { name: 'Agent name' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    const errorText = screen.getByText('Please enter a name.');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toContain(errorText.closest('p')?.id);
    expect(document.getElementById(ids[ids.length - 1] ?? '')).toHaveTextContent('Please enter a name.');
    expect(input).toHaveAccessibleDescription('Shown in the list. Please enter a name.');
  });

  it('is valid and points at the description only when there is no error', () => {
    const { rerender } = render(<TextField label="Name" description="Help" error="Wrong" />);
    rerender(<TextField label="Name" description="Help" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Help');
    expect(screen.queryByText('Wrong')).not.toBeInTheDocument();
  });

  it('keeps an aria-describedby given by the caller', () => {
    render(
      <>
        <p id="hint">Extra</p>
        <TextField label="Name" aria-describedby="hint" error="Wrong" />
      </>,
    );
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Extra Wrong');
  });

  it('counts characters as the user types, linked to the field', async () => {
    const user = userEvent.setup();
    render(
      <UiTextsProvider texts={UI_TEXTS_EN}>
        <TextField label="Title" maxLength={20} showCount />
      </UiTextsProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAccessibleDescription('0 of 20 characters');
    await user.type(input, 'Hello');
    expect(input).toHaveAccessibleDescription('5 of 20 characters');
  });

  it('a hidden label is still the accessible name', () => {
    render(<TextField label="Search" hideLabel type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });
});

describe('TextArea', () => {
  it('has the same label, error and count wiring', () => {
    render(<TextArea label="Prompt" error="Too long" value="abc" onChange={() => {}} maxLength={10} showCount />);
    const area = screen.getByRole('textbox', { name: 'Prompt' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Too long 3 von 10 Zeichen');
  });
});

describe('Select, Checkbox, Switch', () => {
  it('Select is a labelled native select with error wiring', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <Select
        label="Model"
        placeholder="Choose"
        error="Pick a model"
        options={[
          { value: 'a', label: 'Model A' },
          { value: 'b', label: 'Model B' },
        ]}
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Model' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick a model');
    await user.selectOptions(select, 'b');
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('Checkbox and Switch toggle with the keyboard and carry their labels', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Checkbox label="Remember me" description="On this device only" />
        <Switch label="Deep research" />
      </>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toHaveAccessibleDescription('On this device only');
    const toggle = screen.getByRole('switch', { name: 'Deep research' });
    expect(toggle).not.toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    expect(checkbox).toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
  });
});
