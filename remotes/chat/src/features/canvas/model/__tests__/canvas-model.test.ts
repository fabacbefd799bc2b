import { canvasFileName, titleFromMarkdown } from '../canvas-files';

describe('canvas files', () => {
  it('names exports after the title without characters file systems refuse', () => {
    expect(canvasFileName('Bericht: Q3/2026 "final"?', 'docx')).toBe('Bericht Q3 2026 final .docx'.replace(' .', '.'));
    expect(canvasFileName('   ', 'md')).toBe('canvas.md');
    expect(canvasFileName('x'.repeat(200), 'md')).toBe(`${'x'.repeat(80)}.md`);
  });

  it('takes the title from the first heading, else the first line', () => {
    expect(titleFromMarkdown('Vorwort\n\n## **Projekt** Notiz\n\nText')).toBe('Projekt Notiz');
    expect(titleFromMarkdown('- [Link](https://example.com) zuerst')).toBe('Link zuerst');
    expect(titleFromMarkdown('\n\n')).toBeUndefined();
    expect(titleFromMarkdown(`# ${'a'.repeat(100)}`)).toHaveLength(80);
  });
});
