import { useNotificationsStore } from '../../notifications/notifications-store';
import { copyTextWithNotice, writeClipboardText } from '../copy-text';

const setClipboard = (clipboard: unknown) => Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
const notices = {
  copied: { key: 'copy.done', ns: 'test' },
  unavailable: { key: 'copy.unavailable', ns: 'test' },
};

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  useNotificationsStore.getState().clear();
});

describe('writeClipboardText', () => {
  it('writes the text and says it did', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await expect(writeClipboardText('Hallo')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('Hallo');
    expect(warn).not.toHaveBeenCalled();
  });

  it('is false, with a warning, where the write is refused or there is no clipboard', async () => {
    setClipboard({ writeText: jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) });
    await expect(writeClipboardText('Hallo')).resolves.toBe(false);
    setClipboard(undefined);
    await expect(writeClipboardText('Hallo')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('copyTextWithNotice', () => {
  it('notifies success when the text was copied, and selects nothing', async () => {
    setClipboard({ writeText: jest.fn().mockResolvedValue(undefined) });
    const select = jest.fn();
    await expect(copyTextWithNotice('Hallo', { ...notices, select })).resolves.toBe(true);
    expect(useNotificationsStore.getState().notifications).toMatchObject([{ variant: 'success', message: notices.copied }]);
    expect(select).not.toHaveBeenCalled();
  });

  it('selects the text and says how to copy it by hand where the clipboard cannot be used', async () => {
    setClipboard(undefined);
    const select = jest.fn();
    await expect(copyTextWithNotice('Hallo', { ...notices, select })).resolves.toBe(false);
    expect(select).toHaveBeenCalledTimes(1);
    expect(useNotificationsStore.getState().notifications).toMatchObject([{ variant: 'info', message: notices.unavailable }]);
  });
});
