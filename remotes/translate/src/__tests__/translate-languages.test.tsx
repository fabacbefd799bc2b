import { persistKey, setPersistenceUser } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import { ENGLISH, GERMAN, deepl, handlers, libre, renderTranslate, resetTranslateState, threeSentences, translateHandler, translateRequests } from './translate-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetTranslateState();
  server.resetHandlers(...handlers([deepl, libre]));
});

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label) as HTMLSelectElement)
    .getAllByRole('option')
    .map((option) => option.textContent);
const selected = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;

describe('engines and languages', () => {
  it('offers the engines by name and the languages by name in English, auto first, targets of every source for auto', async () => {
    await renderTranslate('en');
    const engine = await screen.findByLabelText('Engine');
    expect(within(engine).getAllByRole('option').map((o) => o.textContent)).toEqual(['DeepL', 'LibreTranslate']);
    expect(optionsOf('Translate from')).toEqual(['Detect automatically', 'English', 'French', 'German']);
    expect(selected('Translate from')).toBe('auto');
    expect(optionsOf('Translate into')).toEqual(['American English', 'British English', 'French', 'German']);
    // No target chosen yet: the interface language.
    expect(selected('Translate into')).toBe('en-GB');
  });

  it('names them in German when the interface speaks German', async () => {
    await renderTranslate('de');
    expect(await screen.findByLabelText('Übersetzungsmaschine')).toBeInTheDocument();
    expect(optionsOf('Übersetzen aus')).toEqual(['Automatisch erkennen', 'Deutsch', 'Englisch', 'Französisch']);
    expect(optionsOf('Übersetzen in')).toEqual([
      'Deutsch',
      'Englisch (Vereinigte Staaten)',
      'Englisch (Vereinigtes Königreich)',
      'Französisch',
    ]);
    expect(selected('Übersetzen in')).toBe('de');
  });

  it('has no engine picker when there is only one engine', async () => {
    server.resetHandlers(...handlers([libre]));
    await renderTranslate('en');
    expect(await screen.findByLabelText('Translate from')).toBeInTheDocument();
    expect(screen.queryByLabelText('Engine')).not.toBeInTheDocument();
  });

  it("makes the target list follow the chosen engine's map and source", async () => {
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.selectOptions(await screen.findByLabelText('Translate from'), 'de');
    expect(optionsOf('Translate into')).toEqual(['American English', 'British English', 'French']);

    await user.selectOptions(screen.getByLabelText('Engine'), 'libre');
    expect(optionsOf('Translate from')).toEqual(['Detect automatically', 'English', 'German', 'Spanish']);
    expect(selected('Translate from')).toBe('de');
    expect(optionsOf('Translate into')).toEqual(['English', 'Spanish']);
    expect(selected('Translate into')).toBe('en'); // British English had no exact match: its language
  });

  it('sends auto as the source when detecting, and swapping is not possible then', async () => {
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.click(await screen.findByLabelText('Text to translate'));
    await user.paste(GERMAN);
    expect(screen.getByRole('button', { name: 'Swap languages' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('The report is ready.');
    expect(translateRequests).toEqual([{ text: GERMAN, source_language: 'auto', target_language: 'en-GB', engine_id: 'deepl' }]);
  });

  it('shows the language the engine detected with automatic detection, and nothing where it reported none', async () => {
    server.use(translateHandler(() => HttpResponse.json({ ...threeSentences, detected_language: 'de' })));
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.click(await screen.findByLabelText('Text to translate'));
    await user.paste(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Detected language: German')).toBeInTheDocument();

    server.use(translateHandler());
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(translateRequests).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(/Detected language/)).not.toBeInTheDocument());
  });

  it('swaps the languages, and the text with the translation when the result belongs to them', async () => {
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.selectOptions(await screen.findByLabelText('Translate from'), 'de');
    await user.selectOptions(screen.getByLabelText('Translate into'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Swap languages' }));
    expect(selected('Translate from')).toBe('fr');
    expect(selected('Translate into')).toBe('de');

    await user.click(screen.getByRole('button', { name: 'Swap languages' }));
    await user.selectOptions(screen.getByLabelText('Translate into'), 'en-GB');
    const input = screen.getByLabelText('Text to translate');
    await user.click(input);
    await user.paste(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('The report is ready.');

    await user.click(screen.getByRole('button', { name: 'Swap languages' }));
    expect(selected('Translate from')).toBe('en');
    expect(selected('Translate into')).toBe('de');
    expect(input).toHaveValue(ENGLISH);
    // The right side now shows the user's own text, and says so instead of naming an engine.
    const sentence = screen.getByText('Wir prüfen ihn morgen.', { selector: '.translate-segment' });
    expect(sentence).toHaveAccessibleDescription('Your original text (languages swapped)');
  });

  it('offers formality where DeepL has it for the target and sends the choice', async () => {
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.selectOptions(await screen.findByLabelText('Translate from'), 'de');
    expect(selected('Translate into')).toBe('en-GB');
    expect(screen.queryByLabelText('Formality')).not.toBeInTheDocument(); // DeepL has none for English
    await user.selectOptions(screen.getByLabelText('Translate from'), 'en');
    expect(selected('Translate into')).toBe('de');
    await user.selectOptions(screen.getByLabelText('Formality'), 'more');
    await user.click(screen.getByLabelText('Text to translate'));
    await user.paste('Please check the report.');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(translateRequests).toHaveLength(1));
    expect(translateRequests[0]).toMatchObject({ source_language: 'en', target_language: 'de', formality: 'more' });

    await user.selectOptions(screen.getByLabelText('Engine'), 'libre');
    expect(screen.queryByLabelText('Formality')).not.toBeInTheDocument();
  });
});

describe('last choices per user', () => {
  it('keeps engine, languages and formality for each user and restores them on the next visit', async () => {
    const user = userEvent.setup();
    await setPersistenceUser('anna');
    const first = await renderTranslate('en');
    await user.selectOptions(await screen.findByLabelText('Engine'), 'libre');
    await user.selectOptions(screen.getByLabelText('Translate from'), 'es');
    await user.selectOptions(screen.getByLabelText('Translate into'), 'de');
    expect(JSON.parse(localStorage.getItem(persistKey('translation-preferences', 'anna'))!).state).toEqual({
      engineId: 'libre',
      sourceLanguage: 'es',
      targetLanguage: 'de',
      formality: null,
    });
    first.unmount();

    // Another user starts from the defaults.
    await setPersistenceUser('ben');
    const second = await renderTranslate('en');
    expect(await screen.findByLabelText('Engine')).toHaveValue('deepl');
    expect(selected('Translate from')).toBe('auto');
    second.unmount();

    await setPersistenceUser('anna');
    await renderTranslate('en');
    expect(await screen.findByLabelText('Engine')).toHaveValue('libre');
    expect(selected('Translate from')).toBe('es');
    expect(selected('Translate into')).toBe('de');
  });
});
