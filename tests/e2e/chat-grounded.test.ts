import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CIRCULAR_DOCX, CIRCULAR_SENTENCE, GROUNDING_FIXTURES_DIR, POLICY_PDF, POLICY_SENTENCE } from '../fixtures/documents/make-grounding-fixtures';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// Screenshots only when asked for (they cost time in every run).
const SHOTS = process.env.CHAT_GROUNDED_SCREENSHOTS_DIR;
// One case in the browser: a phone in German (the narrow layout is where the menu could stick out).
// The other language's words on the same screens are jest's (remotes/chat, grounded-answer-languages).
const SIZE = { name: 'phone', width: 390, height: 844, locale: 'de-DE', question: 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?' } as const;
const WORDS = { attach: 'Dateien anhängen', attachments: 'Anhänge', sentWith: 'Mit der Frage gesendete Dateien', ready: 'Bereit', message: 'Ihre Nachricht', answer: 'Antwort', searched: '2 Dokumente durchsucht', sources: 'Quellen', supporting: 'Belegend (1)', conflicting: 'Widersprechend (1)', open: 'Im Dokument zeigen', messages: 'Nachrichten', collections: 'Sammlungen', collectionsIntro: 'Antworten in dieser Unterhaltung durchsuchen die Sammlungen, die Sie wählen.', remove: 'notiz.txt entfernen' } as const;

// Images: the case runs at 1280x800 in English; with IMAGES_SCREENSHOTS_DIR at both sizes in both languages, with shots.
const IMAGE_SHOTS = process.env.IMAGES_SCREENSHOTS_DIR;
const IMAGE_RUNS = [
  { width: 1280, height: 800, language: 'en', locale: 'en-US' },
  { width: 390, height: 844, language: 'de', locale: 'de-DE' },
  { width: 1280, height: 800, language: 'de', locale: 'de-DE' },
  { width: 390, height: 844, language: 'en', locale: 'en-US' },
] as const;
const IMAGE_WORDS = {
  en: {
    message: 'Your message',
    model: /^Model/,
    attachments: 'Attachments',
    ready: 'Ready',
    messages: 'Messages',
    answer: 'Answer',
    question: 'What does this screenshot show?',
    refused: 'scripted-model does not accept images. Choose a model marked “images”, or remove the images.',
  },
  de: {
    message: 'Ihre Nachricht',
    model: /^Modell/,
    attachments: 'Anhänge',
    ready: 'Bereit',
    messages: 'Nachrichten',
    answer: 'Antwort',
    question: 'Was zeigt dieser Screenshot?',
    refused: 'scripted-model kann keine Bilder verarbeiten. Wählen Sie ein Modell mit dem Zusatz „Bilder“ oder entfernen Sie die Bilder.',
  },
} as const;

/** The sources of the grounded prompt: the JSON array between the lines <sources> and </sources>. */
function promptSources(message: string): Array<{ n: number; document: string; text: string }> {
  const match = /<sources>\n([\s\S]*?)\n<\/sources>/.exec(message);
  return match ? (JSON.parse(match[1]!) as Array<{ n: number; document: string; text: string }>) : [];
}

/**
 * The judge's verdicts: the circular's sentence (36 euros) backs the answer, the policy's (48 euros)
 * contradicts it, the rest is unrelated. The server's splitter may cut a sentence at a German date
 * ("1. Januar"): every piece of the sentence gets its verdict.
 */
const pieceOf = (sentence: string, text: string) => text.length > 8 && sentence.includes(text);
function judge(message: string): string {
  const input = JSON.parse(message) as { sources: Array<{ n: number; sentences: Array<{ s: number; text: string }> }> };
  return JSON.stringify({
    sources: input.sources.map((source) => ({
      n: source.n,
      sentences: source.sentences.map((sentence) => {
        const text = sentence.text.replace(/\s+/g, ' ').trim();
        if (pieceOf(CIRCULAR_SENTENCE, text)) return { s: sentence.s, label: 'supports', strength: 0.9 };
        if (pieceOf(POLICY_SENTENCE, text)) return { s: sentence.s, label: 'contradicts', strength: 0.8 };
        return { s: sentence.s, label: 'unrelated', strength: 0 };
      }),
    })),
  });
}

// Grounded chat in a real browser against the started system: attach the circular (DOCX) and the
// policy (PDF) to a new chat, ask, see the retrieval as a tool step, then the sources after the
// polling (supporting and conflicting), open one in the preview, and find all of it after a
// reload. The scripted OpenAI-compatible model server is the model and the judge (tests only).
describe('grounded chat end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({
      rules: [
        // The judge takes a few seconds, so the first sources call finds them not ready.
        { system: 'You check an answer against the sources it was written from', delayMs: 3000, reply: (message) => judge(message) },
        {
          system: "You answer questions of a company's employees from the sources",
          delayMs: 20,
          reply: (message) => {
            const sources = promptSources(message);
            // Cite the windows that hold the two amounts (a document may give several windows).
            const holding = (document: string, amount: string) => sources.find((s) => s.document === document && s.text.replace(/\s+/g, ' ').includes(amount))?.n;
            const circular = holding(CIRCULAR_DOCX, '36 Euro');
            const policy = holding(POLICY_PDF, 'genau 48 Euro');
            return `Laut Rundschreiben beträgt die Pauschale seit dem 1. Januar 2026 nur noch **36 Euro** pro Tag [${circular}]. Die Reiserichtlinie nennt dagegen 48 Euro [${policy}].`;
          },
        },
        ...sideCallRules('Reisekostenpauschale'),
        // The image model (listed as seeing): answers a question with a picture by what the fixture shows.
        { model: 'scripted-vision', reply: 'A blue square with an orange corner.' },
      ],
      models: ['scripted-model', 'scripted-vision'],
      visionModels: ['scripted-vision'],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  it(`attaches a DOCX and a PDF, asks, shows the tool step, then the sources after polling, and the preview (${SIZE.name}, ${SIZE.locale})`, async () => {
    const shot = async (name: string) => {
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `chat-grounded-${SIZE.name}-de-${name}.png`) });
    };
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee', SIZE.locale);
    try {
      await page.setViewportSize({ width: SIZE.width, height: SIZE.height });
      // The sources calls the page makes, with when they were made.
      const sourcesCalls: { method: string; at: number; status?: number }[] = [];
      page.on('response', (response) => {
        if (/\/api\/conversations\/[^/]+\/messages\/[^/]+\/sources$/.test(response.url())) {
          sourcesCalls.push({ method: response.request().method(), at: Date.now(), status: response.status() });
        }
      });

      await page.getByRole('textbox', { name: WORDS.message }).waitFor();
      // Attach by the button's file dialog: the new chat is created first and opened.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: WORDS.attach }).click();
      await (await chooser).setFiles([join(GROUNDING_FIXTURES_DIR, CIRCULAR_DOCX), join(GROUNDING_FIXTURES_DIR, POLICY_PDF)]);
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const chips = page.getByRole('list', { name: WORDS.attachments });
      await chips.waitFor();
      await shot('attaching');
      for (const name of [CIRCULAR_DOCX, POLICY_PDF]) {
        await chips.getByRole('listitem').filter({ hasText: name }).filter({ hasText: WORDS.ready }).waitFor({ timeout: 120_000 });
      }
      const composer = page.getByRole('textbox', { name: WORDS.message });
      await composer.fill(SIZE.question);
      await shot('attachments-ready');
      // The collections menu opens over the composer and closes with Escape, back on its button.
      const collectionsButton = page.getByRole('button', { name: WORDS.collections, exact: true });
      await collectionsButton.click();
      await page.getByText(WORDS.collectionsIntro).waitFor();
      await shot('collections-menu');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the open menu makes the page ${overflow} px wider than the window`);
      const panel = await page.locator('.collection-picker__panel').boundingBox();
      assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= SIZE.width, 'the menu lies within the window');
      await page.keyboard.press('Escape');
      assert.equal(await collectionsButton.getAttribute('aria-expanded'), 'false');
      assert.ok(await collectionsButton.evaluate((button) => button === document.activeElement), 'the focus is back on the menu button');
      await composer.press('Enter');

      // The retrieval as a folded step, then the answer with its citations.
      const answer = page.getByRole('list', { name: WORDS.messages }).getByRole('article', { name: WORDS.answer });
      const step = answer.locator('details').filter({ hasText: WORDS.searched });
      await step.waitFor({ timeout: 60_000 });
      assert.equal(await step.getAttribute('open'), null, 'the tool step starts folded');
      await step.locator('summary').click();
      const found = await step.getByRole('listitem').allInnerTexts();
      assert.deepEqual(found.map((text) => text.split(' ')[0]).sort(), [CIRCULAR_DOCX, POLICY_PDF].sort());
      await answer.getByText(/nur noch 36 Euro/).waitFor({ timeout: 60_000 });
      // The question shows the files it was sent with (again after the reload below).
      const sentWith = () => page.getByRole('list', { name: WORDS.messages }).getByRole('list', { name: WORDS.sentWith });
      const sentNames = async () => (await sentWith().getByRole('listitem').allInnerTexts()).map((text) => text.trim()).sort();
      assert.deepEqual(await sentNames(), [CIRCULAR_DOCX, POLICY_PDF].sort());
      await sentWith().scrollIntoViewIfNeeded();
      await shot('question-attachments');

      // The sources: computing, then (the judge takes 3 s) supporting and conflicting.
      const sources = answer.getByRole('region', { name: WORDS.sources });
      await sources.waitFor();
      const supporting = sources.getByRole('region', { name: WORDS.supporting });
      const conflicting = sources.getByRole('region', { name: WORDS.conflicting });
      await supporting.waitFor({ timeout: 90_000 });
      await conflicting.waitFor();
      assert.match(await supporting.innerText(), new RegExp(CIRCULAR_DOCX.replace('.', '\\.')));
      assert.match(await conflicting.innerText(), new RegExp(POLICY_PDF.replace('.', '\\.')));
      const marked = async (region: typeof supporting) => (await region.locator('mark').allTextContents()).join(' ').replace(/\s+/g, ' ').trim();
      assert.equal(await marked(supporting), CIRCULAR_SENTENCE);
      // The policy's sentence runs over the page break; the source marks all of it.
      assert.equal(await marked(conflicting), POLICY_SENTENCE);

      // Triggered once, then polled every 2 s until it succeeded (a 409 first, as the judge is slow).
      const posts = sourcesCalls.filter((call) => call.method === 'POST');
      const gets = sourcesCalls.filter((call) => call.method === 'GET');
      assert.equal(posts.length, 1, 'one trigger');
      assert.ok(gets.length >= 2, `polled (${gets.map((g) => g.status).join(', ')})`);
      assert.equal(gets[0]!.status, 409);
      assert.equal(gets.at(-1)!.status, 200);
      for (let i = 1; i < gets.length; i += 1) assert.ok(gets[i]!.at - gets[i - 1]!.at >= 1800, 'the polls are 2 s apart');
      await step.scrollIntoViewIfNeeded();
      await shot('tool-step-and-sources');
      await sources.scrollIntoViewIfNeeded();
      await shot('sources');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      // A source opens the shared preview at its place: the PDF's boxes over the cited characters on pages 1 and 2.
      await conflicting.getByRole('button', { name: new RegExp(`${WORDS.open}.*${POLICY_PDF.replace('.', '\\.')}`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('.ui-document-preview__box').first().waitFor({ timeout: 60_000 });
      const pages = await dialog.locator('.ui-document-preview__page:has(.ui-document-preview__box)').evaluateAll((items) => items.map((item) => item.getAttribute('data-page-number')));
      assert.deepEqual([...new Set(pages)].sort(), ['1', '2']);
      await shot('preview');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // After a reload the stored answer shows its tool step and its sources again.
      await page.reload();
      const reloaded = page.getByRole('list', { name: WORDS.messages }).getByRole('article', { name: WORDS.answer });
      await reloaded.locator('details').filter({ hasText: WORDS.searched }).waitFor({ timeout: 30_000 });
      await reloaded.getByRole('region', { name: WORDS.supporting }).waitFor({ timeout: 30_000 });
      assert.deepEqual(await sentNames(), [CIRCULAR_DOCX, POLICY_PDF].sort());

      // A file dropped onto the conversation is attached too (and removed again).
      await page.evaluate(() => {
        const files = new DataTransfer();
        files.items.add(new File(['Notiz: Die Pauschale gilt ab Januar.'], 'notiz.txt', { type: 'text/plain' }));
        const area = document.querySelector('.conversation')!;
        for (const type of ['dragenter', 'dragover', 'drop']) area.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: files }));
      });
      const dropped = page.getByRole('list', { name: WORDS.attachments }).getByRole('listitem').filter({ hasText: 'notiz.txt' });
      await dropped.filter({ hasText: WORDS.ready }).waitFor({ timeout: 60_000 });
      await dropped.getByRole('button', { name: WORDS.remove }).click();
      await dropped.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });

  // Images (docs/chat-ui.md "Images"): a screenshot pasted into the message box, refused for the
  // text-only model before sending, sent to the image model, shown in the question and after a
  // reload. One size and language in every run; all four with IMAGES_SCREENSHOTS_DIR (the shots).
  it('pastes a PNG into the composer, says the text-only model takes no images, sends it to the image model and shows it in the conversation', async () => {
    const png = readFileSync(new URL('../fixtures/images/blue-square.png', import.meta.url)).toString('base64');
    const runs = IMAGE_SHOTS ? IMAGE_RUNS : IMAGE_RUNS.slice(0, 1);
    for (const run of runs) {
      const words = IMAGE_WORDS[run.language];
      const shot = async (name: string) => {
        if (IMAGE_SHOTS) await page.screenshot({ path: join(IMAGE_SHOTS, `images-${run.width}x${run.height}-${run.language}-${name}.png`) });
      };
      const { browser, page } = await signInToPortal(portal, '/chat', 'employee', run.locale);
      try {
        await page.setViewportSize({ width: run.width, height: run.height });
        const composer = page.getByRole('textbox', { name: words.message });
        await composer.waitFor();
        const modelSelect = page.getByRole('combobox', { name: words.model });
        await modelSelect.selectOption('scripted-vision');
        // Ctrl+V of a screenshot: the clipboard's file, named "image.png" as Chromium names it.
        await composer.evaluate((field, base64) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const clipboard = new DataTransfer();
          clipboard.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
          field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
        }, png);
        await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
        const chip = page.getByRole('list', { name: words.attachments }).getByRole('listitem').filter({ hasText: /screenshot-.*\.png/ });
        await chip.filter({ hasText: words.ready }).waitFor({ timeout: 60_000 });
        assert.ok(await chip.locator('img.image-thumbnail').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 48), 'the chip shows the image');
        assert.equal(await composer.inputValue(), '', 'the image did not go into the text');
        await composer.fill(words.question);
        await shot('composer');

        // The text-only model: said before sending, nothing sent.
        await modelSelect.selectOption('scripted-model');
        // The composer's paragraph (the polite status repeats it once Enter was pressed).
        const refusal = page.locator('p').filter({ hasText: words.refused });
        await refusal.waitFor();
        const asked = model.chatRequests().length;
        await composer.press('Enter');
        assert.equal(model.chatRequests().length, asked, 'nothing was sent to the text-only model');
        await shot('refusal');
        const violations = await seriousAxeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));

        // The image model takes it: the picture reaches the model as an image_url part.
        await modelSelect.selectOption('scripted-vision');
        await refusal.waitFor({ state: 'detached' });
        await composer.press('Enter');
        const messages = page.getByRole('list', { name: words.messages });
        await messages.getByRole('article', { name: words.answer }).getByText('A blue square with an orange corner.').waitFor({ timeout: 60_000 });
        const call = model.chatRequests().filter((request) => request.stream).at(-1)!.body as { model: string; messages: Array<{ role: string; content: unknown }> };
        assert.equal(call.model, 'scripted-vision');
        assert.deepEqual(call.messages.at(-1)!.content, [
          { type: 'text', text: words.question },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
        ]);

        // Shown with the question (alt text: its name), from an object URL; again after a reload.
        const shown = async () => {
          const image = messages.getByRole('img', { name: /^screenshot-.*\.png$/ });
          await image.waitFor({ timeout: 30_000 });
          await page.waitForFunction((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth === 48, await image.elementHandle());
          assert.match((await image.getAttribute('src')) ?? '', /^blob:/);
          return image;
        };
        await (await shown()).scrollIntoViewIfNeeded();
        await shot('conversation');
        await page.reload();
        const image = await shown();
        const clean = await seriousAxeViolations(page);
        assert.equal(clean.length, 0, describeViolations(clean));
        // Opened larger in a dialog.
        await image.click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('img').waitFor();
        // Shot once the dialog's entrance has played.
        if (IMAGE_SHOTS) await dialog.evaluate((element) => Promise.all((element.parentElement ?? element).getAnimations({ subtree: true }).map((animation) => animation.finished)));
        await shot('opened');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await browser.close();
      }
    }
  });
});
