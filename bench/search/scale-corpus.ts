// The generated corpus of the scale benchmark: a million (or any number of) German and English
// passages of office words, German compounds and a long tail of made-up words, Zipf-distributed,
// seeded, generated batch by batch (each batch from its own seed, so batches can be generated and
// loaded in parallel), with the retrieval benchmark's 800 labelled passages spread among them.
import { mulberry32 } from '../support/seeded-random';
import { makeCorpus, type CorpusPassage, type LabelledQuestion } from './retrieval-corpus';

const GERMAN_WORDS =
  'der die das und ist nicht mit den dem ein eine auf für von zu im sind wird werden auch sich als bei nach oder aber wie noch nur über Abteilung Unternehmen Mitarbeiter Mitarbeiterin Projekt Projekte Kunde Kunden Leistung Leistungen Zahlung Besprechung Ergebnis Ergebnisse Anforderung Anforderungen Planung Umsetzung Prüfung geprüft Freigabe Qualität Sicherheit Daten Verantwortung Zeitraum Quartal Jahr Monat Woche Budget Kosten Ausgaben Einnahmen Strategie Ziel Ziele Maßnahme Maßnahmen Lieferant Lieferanten Produkt Produkte Standort Gebäude Büro Homeoffice Urlaub Genehmigung Leitung Vorstand Geschäftsführung Team Teams Schulung Richtlinie Richtlinien Prozess Prozesse System Systeme Software Anwendung Server Netzwerk Zugang Passwort Konto Änderung Änderungen Version Dokument Dokumente Vorlage Entwurf Abstimmung Entscheidung wichtig neu neue neuen schnell sicher offen geschlossen erledigt geplant Bericht Vertrag Plan Antrag Frist Rechnung Pflicht Termin Handbuch Ordnung'.split(' ');
const ENGLISH_WORDS =
  'the and is are was were not with of to in for on by from this that be been has have it as or but which will an at department company employee employees project projects customer customers service services payment meeting results requirement requirements planning delivery review reviewed approval quality security data privacy responsibility period quarter year month week budget costs expenses revenue strategy goal goals measure supplier suppliers product products location building office remote working hours vacation permission management board team teams training guideline guidelines process processes system systems software application server network access password account change changes version document documents template draft decision important new fast secure open closed done planned report contract plan request deadline invoice policy handbook audit'.split(' ');

/** German compounds: first part (with its linking element) and head, in two forms each. */
const COMPOUND_FIRSTS = ['Jahres', 'Quartals', 'Monats', 'Wartungs', 'Arbeits', 'Miet', 'Reise', 'Schulungs', 'Sicherheits', 'Projekt', 'Liefer', 'Kunden', 'Personal', 'Bau', 'Kauf', 'Service', 'Daten', 'Lizenz', 'Rahmen', 'Abschluss', 'Steuer', 'Budget', 'Kosten', 'Prüf', 'Qualitäts', 'Fahrzeug', 'Energie', 'Gebäude', 'Netzwerk', 'Urlaubs', 'Dienst', 'Betriebs', 'Verwaltungs', 'Haushalts', 'Einkaufs', 'Vertriebs', 'Produktions', 'Lager', 'Schicht', 'Termin'];
const COMPOUND_HEADS: Array<[string, string]> = [
  ['bericht', 'berichte'], ['vertrag', 'verträge'], ['plan', 'pläne'], ['antrag', 'anträge'], ['frist', 'fristen'], ['rechnung', 'rechnungen'],
  ['pflicht', 'pflichten'], ['termin', 'termine'], ['handbuch', 'handbücher'], ['ordnung', 'ordnungen'], ['leiter', 'leiterin'], ['konzept', 'konzepte'],
  ['abrechnung', 'abrechnungen'], ['übersicht', 'übersichten'], ['protokoll', 'protokolle'], ['richtlinie', 'richtlinien'], ['zeitraum', 'zeiträume'],
  ['planung', 'planungen'], ['prüfung', 'prüfungen'], ['vorlage', 'vorlagen'], ['kosten', 'kosten'], ['verwaltung', 'verwaltungen'], ['system', 'systeme'], ['nummer', 'nummern'],
];
/** Syllables of the made-up words (other than the labelled teams' names, which stay rare). */
const GERMAN_SYLLABLES = ['ber', 'ung', 'schaft', 'ge', 'lich', 'ein', 'stadt', 'werk', 'ant', 'rat', 'zeit', 'haus', 'kraft', 'feld', 'mann', 'spiel', 'wald', 'burg', 'nis', 'keit'];
const ENGLISH_SYLLABLES = ['con', 'tion', 'pre', 'ment', 'able', 'ist', 'ver', 'port', 'ing', 'ed', 'tra', 'ship', 'ness', 'ly', 'com', 'dis', 'ate', 'ure', 'ous', 'pro'];

/** Made-up words per language: a long tail, as real text has. */
const TAIL_WORDS = 30_000;

export const COLLECTIONS = 10;
const PASSAGES_PER_FILE = 50;

/** Deterministic ids from a corpus position, so a labelled passage's id is known without a lookup. */
export const passageId = (position: number) => `00000000-0000-4000-8000-${position.toString(16).padStart(12, '0')}`;
export const positionOf = (id: string) => Number.parseInt(id.slice(24), 16);
const fileId = (file: number) => `00000000-0000-4000-9000-${file.toString(16).padStart(12, '0')}`;
export const collectionId = (c: number) => `00000000-0000-4000-a000-${c.toString(16).padStart(12, '0')}`;

export interface ScalePassage {
  id: string;
  fileId: string;
  collectionId: string;
  pageNumber: number;
  language: 'german' | 'english';
  text: string;
}

interface Vocabulary {
  words: string[];
  cumulative: Float64Array;
}

function vocabulary(seed: number, base: string[], syllables: string[], extra: string[]): Vocabulary {
  const random = mulberry32(seed);
  const tail = new Set<string>();
  while (tail.size < TAIL_WORDS) {
    let word = '';
    for (let i = 0, n = 2 + Math.floor(random() * 3); i < n; i += 1) word += syllables[Math.floor(random() * syllables.length)]!;
    tail.add(word);
  }
  // The compounds are spread over the tail's ranks, from frequent to rare.
  const rest = [...tail, ...extra];
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  const words = [...base, ...rest];
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let r = 0; r < words.length; r += 1) cumulative[r] = sum += 1 / (r + 1);
  return { words, cumulative };
}

function zipf(vocab: Vocabulary, random: () => number): string {
  const x = random() * vocab.cumulative[vocab.cumulative.length - 1]!;
  let lo = 0;
  let hi = vocab.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocab.cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return vocab.words[lo]!;
}

export interface ScaleCorpus {
  size: number;
  /** The retrieval benchmark's labelled questions; `answer` is the labelled passage's corpus position. */
  questions: LabelledQuestion[];
  /** Search box queries: one or two mid-frequency words, compound heads and compounds. */
  boxQueries(count: number): string[];
  /** Passages [start, start + count), the labelled ones at their positions. */
  batch(start: number, count: number): ScalePassage[];
}

export function makeScaleCorpus(seed: number, size: number): ScaleCorpus {
  const labelled = makeCorpus(seed, 40);
  const compounds = COMPOUND_FIRSTS.flatMap((first) => COMPOUND_HEADS.flatMap(([one, many]) => [first + one, first + many]));
  const german = vocabulary(seed * 31 + 1, GERMAN_WORDS, GERMAN_SYLLABLES, compounds);
  const english = vocabulary(seed * 31 + 2, ENGLISH_WORDS, ENGLISH_SYLLABLES, []);
  // The labelled passages spread evenly over the corpus.
  const count = labelled.labelled.length;
  const positionOfLabelled = (k: number) => Math.floor(((k + 0.5) * size) / count);
  const labelledAt = new Map<number, CorpusPassage>(labelled.labelled.map((p) => [positionOfLabelled(p.n), p]));

  const sentence = (vocab: Vocabulary, random: () => number) => {
    const words = Array.from({ length: 7 + Math.floor(random() * 8) }, () => zipf(vocab, random));
    const text = words.join(' ');
    return text[0]!.toUpperCase() + text.slice(1) + '.';
  };

  return {
    size,
    questions: labelled.questions.map((q) => ({ ...q, answer: positionOfLabelled(q.answer) })),
    boxQueries(n) {
      const random = mulberry32(seed * 131 + 7);
      const mid = (vocab: Vocabulary) => vocab.words[30 + Math.floor(random() * 3000)]!;
      return Array.from({ length: n }, (_, i) => {
        switch (i % 5) {
          case 0:
            return mid(german);
          case 1:
            return mid(english);
          case 2:
            return `${mid(i % 2 ? german : english)} ${mid(i % 2 ? german : english)}`;
          case 3:
            // A compound's head alone: the compound list's work ("Vertrag" finds "Mietverträge").
            return COMPOUND_HEADS[Math.floor(random() * COMPOUND_HEADS.length)]![0].replace(/^./, (c) => c.toUpperCase());
          default:
            return compounds[Math.floor(random() * compounds.length)]!;
        }
      });
    },
    batch(start, n) {
      const random = mulberry32(seed * 7919 + start);
      const passages: ScalePassage[] = [];
      for (let position = start; position < Math.min(start + n, size); position += 1) {
        const file = Math.floor(position / PASSAGES_PER_FILE);
        const where = { id: passageId(position), fileId: fileId(file), collectionId: collectionId(file % COLLECTIONS), pageNumber: (position % PASSAGES_PER_FILE) + 1 };
        const planted = labelledAt.get(position);
        if (planted) {
          passages.push({ ...where, language: planted.language, text: planted.text });
          continue;
        }
        const language = random() < 0.5 ? 'german' : 'english';
        const vocab = language === 'german' ? german : english;
        let text = '';
        while (text.length < 420) text += (text ? ' ' : '') + sentence(vocab, random);
        passages.push({ ...where, language, text });
      }
      return passages;
    },
  };
}
