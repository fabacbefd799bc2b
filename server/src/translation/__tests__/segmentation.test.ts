import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinSegments, segmentText } from '../segmentation';

const texts = (text: string, language?: string) => segmentText(text, language).segments.map((segment) => segment.text);

/** Joining the untranslated segments gives back the text: no character is lost or moved. */
function assertLossless(text: string, language?: string) {
  const segmented = segmentText(text, language);
  assert.equal(joinSegments(segmented, segmented.segments.map((s) => s.text)), text);
}

describe('segmentation', () => {
  it('cuts a German paragraph into its sentences, keeping the spaces between them', () => {
    const text = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen. Wir treffen uns am Montag.';
    const segmented = segmentText(text, 'de');
    assert.deepEqual(segmented, {
      leading: '',
      segments: [
        { text: 'Der Bericht ist fertig.', trailing: ' ' },
        { text: 'Bitte prüfen Sie die Zahlen.', trailing: ' ' },
        { text: 'Wir treffen uns am Montag.', trailing: '' },
      ],
    });
  });

  it('keeps paragraphs, line breaks, indentation and surrounding whitespace as separators', () => {
    const text = '\n  Erster Absatz. Noch ein Satz.\n\nZweiter Absatz.\r\nZeile zwei!  \n\n\n- Punkt eins\n- Punkt zwei\n';
    const segmented = segmentText(text, 'de');
    assert.equal(segmented.leading, '\n  ');
    assert.deepEqual(segmented.segments, [
      { text: 'Erster Absatz.', trailing: ' ' },
      { text: 'Noch ein Satz.', trailing: '\n\n' },
      { text: 'Zweiter Absatz.', trailing: '\r\n' },
      { text: 'Zeile zwei!', trailing: '  \n\n\n' },
      { text: '- Punkt eins', trailing: '\n' },
      { text: '- Punkt zwei', trailing: '\n' },
    ]);
    assertLossless(text, 'de');
  });

  it('rebuilds a translation with the original separators', () => {
    const segmented = segmentText('Hallo Welt.\n\nWie geht es? Gut.', 'de');
    assert.equal(joinSegments(segmented, ['Hello world.', 'How are you?', 'Fine.']), 'Hello world.\n\nHow are you? Fine.');
  });

  it('cuts English text, with "?" and "!" and a lower-case continuation', () => {
    assert.deepEqual(texts('It works! Does it? Yes, at 5 p.m. today. Mr. Smith agrees.', 'en'), [
      'It works!',
      'Does it?',
      'Yes, at 5 p.m. today.',
      'Mr. Smith agrees.',
    ]);
  });

  it('does not cut after German abbreviations that Intl.Segmenter alone would cut after', () => {
    // Intl.Segmenter (ICU without abbreviation suppression) gives "z. " | "B. " | ... here.
    const icu = [...new Intl.Segmenter('de', { granularity: 'sentence' }).segment('Wir brauchen z. B. Äpfel. Gut.')].map((s) => s.segment);
    assert.ok(icu.length > 2, `ICU cut ${JSON.stringify(icu)}`);

    assert.deepEqual(texts('Wir brauchen z. B. Äpfel und Birnen. Das ist gut.', 'de'), ['Wir brauchen z. B. Äpfel und Birnen.', 'Das ist gut.']);
    assert.deepEqual(texts('Dr. Müller kommt am 3. Mai. Er bleibt bis Nr. 5, d. h. lange.', 'de'), [
      'Dr. Müller kommt am 3. Mai.',
      'Er bleibt bis Nr. 5, d. h. lange.',
    ]);
    assert.deepEqual(texts('Das gilt z.B. für Prof. Schmidt. Ende.', 'de'), ['Das gilt z.B. für Prof. Schmidt.', 'Ende.']);
  });

  it('still cuts after a number that ends a sentence', () => {
    assert.deepEqual(texts('Das Projekt endete 2019. Danach begann ein neues.', 'de'), ['Das Projekt endete 2019.', 'Danach begann ein neues.']);
  });

  it('segments with language-neutral rules for "auto" and for codes ICU does not take', () => {
    assert.deepEqual(texts('One. Two.', 'auto'), ['One.', 'Two.']);
    assert.deepEqual(texts('One. Two.', undefined), ['One.', 'Two.']);
    assert.deepEqual(texts('One. Two.', 'zz-Invalid-Tag-!'), ['One.', 'Two.']);
  });

  it('cuts languages without spaces between sentences', () => {
    assert.deepEqual(texts('これは文です。二つ目の文です。', 'ja'), ['これは文です。', '二つ目の文です。']);
  });

  it('sends no piece without a letter to an engine: blank lines, rules, numbers and bullets travel with the separators', () => {
    const text = 'Titel.\n---\n42\n\nText hier.\n• \n';
    const segmented = segmentText(text, 'de');
    assert.deepEqual(segmented.segments.map((s) => s.text), ['Titel.', 'Text hier.']);
    assert.equal(segmented.segments[0]!.trailing, '\n---\n42\n\n');
    assertLossless(text, 'de');
    assert.deepEqual(segmentText('   \n\n  ', 'de'), { leading: '   \n\n  ', segments: [] });
    assert.deepEqual(segmentText('123 ... 456', 'de').segments, []);
  });

  it('loses no character on mixed text', () => {
    for (const text of [
      'A.  B.\t C.',
      '  Leading. Trailing.   ',
      'Zeile\nohne Punkt\n\n',
      '„Zitat.“ Danach? Ja! Und… weiter.',
      'Emoji 🎉 here. Next 👍.',
    ]) {
      assertLossless(text, 'de');
      assertLossless(text, 'en');
    }
  });
});
