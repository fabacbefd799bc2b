import { pastedImageName } from '../pasted-image-name';

const AT = new Date(2026, 10, 28, 18, 5, 12);

describe('pastedImageName', () => {
  it('names a clipboard image by the time of the paste, with the extension of its type', () => {
    expect(pastedImageName({ name: 'image.png', type: 'image/png' }, AT)).toBe('screenshot-2026-11-28-180512.png');
    expect(pastedImageName({ name: '', type: 'image/jpeg' }, AT)).toBe('screenshot-2026-11-28-180512.jpg');
    expect(pastedImageName({ name: 'blob', type: 'image/webp' }, AT, 1)).toBe('screenshot-2026-11-28-180512-2.webp');
  });

  it('keeps the name of a copied file', () => {
    expect(pastedImageName({ name: 'receipt.jpg', type: 'image/jpeg' }, AT)).toBe('receipt.jpg');
    expect(pastedImageName({ name: 'Image of the lobby.png', type: 'image/png' }, AT)).toBe('Image of the lobby.png');
  });
});
