import { isSendKey } from '../send-key';

describe('isSendKey', () => {
  it('sends on Enter alone', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('adds a line with Shift, Alt, Ctrl or Meta', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, altKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, ctrlKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, metaKey: true })).toBe(false);
  });

  it('never sends while an input method composes', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, keyCode: 229 })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false }, true)).toBe(false);
  });
});
