import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileText } from '../../core/read-file-text';
import { FileImportButton } from '../file-import-button';

describe('FileImportButton', () => {
  it('opens the file dialog from the button and hands over the picked file, also the same one twice', async () => {
    const picked: File[] = [];
    render(<FileImportButton label="Import app" onFile={(file) => picked.push(file)} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>('Import app', { selector: 'input' });
    const click = jest.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Import app' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('accept', 'application/json,.json');
    expect(input).toHaveAttribute('tabindex', '-1');

    const file = new File(['{"format":"x"}'], 'app.json', { type: 'application/json' });
    await user.upload(input, file);
    await user.upload(input, file);
    expect(picked.map((one) => one.name)).toEqual(['app.json', 'app.json']);
    expect(input.value).toBe('');
    expect(await readFileText(picked[0]!)).toBe('{"format":"x"}');
  });
});
