import { formatFileSize } from '../format-size';

describe('formatFileSize', () => {
  it('uses bytes, KB and MB with one decimal in the interface language', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
    expect(formatFileSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatFileSize(2.25 * 1024 * 1024, 'de')).toBe('2,3 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'en')).toBe('3 GB');
  });
});
