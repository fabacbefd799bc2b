import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilePickerButton } from '../file-picker-button';

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

describe('FilePickerButton', () => {
  it('hands over every picked file, and the same files picked again', async () => {
    const picked: string[][] = [];
    render(<FilePickerButton label="Choose files" accept=".pdf" multiple onFiles={(files) => picked.push(files.map((file) => file.name))} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>('Choose files', { selector: 'input' });
    expect(input).toHaveAttribute('accept', '.pdf');
    expect(input.multiple).toBe(true);
    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    expect(picked).toEqual([
      ['a.pdf', 'b.pdf'],
      ['a.pdf', 'b.pdf'],
    ]);
  });

  it('when disabled, says so and opens no dialog, and keeps its description', async () => {
    render(
      <>
        <FilePickerButton label="Attach files" describedBy="hint" disabled onFiles={jest.fn()} />
        <p id="hint">PDF or Word, up to 20 MB</p>
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Attach files', { selector: 'input' });
    const click = jest.spyOn(input, 'click');
    const button = screen.getByRole('button', { name: 'Attach files' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('PDF or Word, up to 20 MB');
    await userEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });

  it('is busy while loading', () => {
    render(<FilePickerButton label="Import" loading onFiles={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveAttribute('aria-disabled', 'true');
  });
});
