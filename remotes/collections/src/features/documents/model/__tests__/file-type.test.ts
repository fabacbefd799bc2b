import { fileKind } from '../file-type';

describe('fileKind', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word'],
    ['text/html; charset=utf-8', 'html'],
    ['text/markdown; charset=utf-8', 'markdown'],
    ['text/plain; charset=utf-8', 'text'],
    ['text/csv', 'text'],
    ['text/x-log', 'text'],
    ['image/png', 'other'],
  ])('%s is %s', (mediaType, kind) => {
    expect(fileKind(mediaType)).toBe(kind);
  });
});
