import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { GERMAN, deepl, handlers, renderTranslate, resetTranslateState } from './translate-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetTranslateState();
  server.resetHandlers(...handlers([deepl]));
});

async function translated(language: 'de' | 'en' = 'en') {
  const user = userEvent.setup();
  await renderTranslate(language);
  await user.click(await screen.findByRole('textbox'));
  await user.paste(GERMAN);
  await user.keyboard('{Control>}{Enter}{/Control}');
  await screen.findByText('The report is ready.');
  return user;
}

const sentence = (text: string) => screen.getByText(text, { selector: '.translate-segment' });
const marked = () => document.querySelector('mark')?.textContent;
const details = () => document.querySelector('.translate-details')!.textContent;
const announced = () => document.querySelector('.translate-output [aria-live="polite"]')!.textContent;

describe('segment view', () => {
  it('shows the text that was translated beside the translation, nothing marked at first', async () => {
    await translated();
    expect(screen.getByRole('heading', { name: 'Translated text' })).toBeInTheDocument();
    expect(document.querySelector('.translate-source__text')!.textContent).toBe(GERMAN);
    expect(marked()).toBeUndefined();
    expect(details()).toMatch(/^Point at or focus a sentence/);
  });

  it('hovering a translated sentence marks its source sentence and shows engine and score', async () => {
    const user = await translated();
    await user.hover(sentence('We will check it tomorrow.'));
    expect(marked()).toBe('Wir prüfen ihn morgen.');
    expect(details()).toBe('Sentence 2 of 3 · Translated by DeepL, score 0.5');
    expect(announced()).toBe('Sentence 2 of 3, source: Wir prüfen ihn morgen.');

    await user.hover(sentence('After that it goes to everyone.'));
    expect(marked()).toBe('Danach geht er an alle.');
    expect(details()).toBe('Sentence 3 of 3 · Translated by LibreTranslate'); // no score from that engine

    await user.unhover(sentence('After that it goes to everyone.'));
    fireEvent.mouseLeave(document.querySelector('.translate-segments')!);
    expect(marked()).toBeUndefined();
  });

  it('focusing a sentence does the same, and each sentence is described by its engine', async () => {
    await translated();
    const first = sentence('The report is ready.');
    expect(first).toHaveAccessibleDescription('Translated by DeepL, score 0.91');
    expect(sentence('After that it goes to everyone.')).toHaveAccessibleDescription('Translated by LibreTranslate');
    fireEvent.focus(first);
    expect(marked()).toBe('Der Bericht ist fertig.');
    expect(details()).toBe('Sentence 1 of 3 · Translated by DeepL, score 0.91');
  });

  it('works by keyboard: one Tab stop, arrow keys, Home and End; leaving clears the mark', async () => {
    const user = await translated();
    const sentences = [...document.querySelectorAll<HTMLElement>('.translate-segment')];
    expect(sentences.map((s) => s.tabIndex)).toEqual([0, -1, -1]);

    act(() => sentences[0]!.focus());
    expect(marked()).toBe('Der Bericht ist fertig.');
    await user.keyboard('{ArrowRight}');
    expect(sentences[1]).toHaveFocus();
    expect(marked()).toBe('Wir prüfen ihn morgen.');
    expect(sentences.map((s) => s.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(sentences[2]).toHaveFocus();
    expect(marked()).toBe('Danach geht er an alle.');
    await user.keyboard('{ArrowDown}'); // stays on the last
    expect(sentences[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(sentences[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(sentences[0]).toHaveFocus();

    await user.tab(); // out of the translation
    expect(marked()).toBeUndefined();
    await user.tab({ shift: true }); // back in: the last focused sentence is the Tab stop
    expect(sentences[0]).toHaveFocus();
  });

  it('announces in German too', async () => {
    const user = await translated('de');
    await user.hover(sentence('We will check it tomorrow.'));
    expect(details()).toBe('Satz 2 von 3 · Übersetzt von DeepL, Bewertung 0,5');
    expect(announced()).toBe('Satz 2 von 3, Ausgangssatz: Wir prüfen ihn morgen.');
  });
});
