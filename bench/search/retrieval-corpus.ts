// The labelled German and English corpus of the retrieval benchmark: facts about
// fictitious teams, each in one passage, asked about in four ways, among filler passages.
//
// A labelled passage states one fact about one team and one document kind ("Die Wartungsverträge
// der Abteilung Beldor wurden am 14. März von Frau Kessler freigegeben."). Each team has one
// passage per document kind, so the team's name and the verb alone do not tell them apart: the
// document word does. The question asks for the person:
//
// - exact: the passage's own word form ("Wartungsvertrag" / "maintenance contract"),
// - inflection: the passage has another form of the word (plural, genitive; English plurals),
// - compound (German): the question names only the compound's head ("Vertrag"), the passage the
//   compound ("Wartungsverträge", "Arbeitsvertrages"),
// - paraphrase: another word for the same thing ("Vereinbarung", "agreement"); only a model that
//   knows meaning helps here.

import { mulberry32 } from '../support/seeded-random';

export type Language = 'german' | 'english';
export type QuestionKind = 'exact' | 'inflection' | 'compound' | 'paraphrase';

export interface CorpusPassage {
  /** Position in the corpus; labelled passages come first. */
  n: number;
  language: Language;
  text: string;
}

export interface LabelledQuestion {
  question: string;
  language: Language;
  kind: QuestionKind;
  /** The passage (its `n`) that answers it. */
  answer: number;
}


interface GermanNoun {
  /** Singular nominative and the article of the compound (the head's gender). */
  head: string;
  article: 'der' | 'die' | 'das';
  accusative: 'den' | 'die' | 'das';
  /** Other forms a passage uses: genitive singular, plural (nominative), plural dative. */
  genitive: string;
  plural: string;
  /** Another word for it, with its accusative article. */
  paraphrase: string;
  paraphraseAccusative: string;
}

const GERMAN_NOUNS: GermanNoun[] = [
  { head: 'Bericht', article: 'der', accusative: 'den', genitive: 'Berichts', plural: 'Berichte', paraphrase: 'Zusammenfassung', paraphraseAccusative: 'die' },
  { head: 'Vertrag', article: 'der', accusative: 'den', genitive: 'Vertrages', plural: 'Verträge', paraphrase: 'Vereinbarung', paraphraseAccusative: 'die' },
  { head: 'Plan', article: 'der', accusative: 'den', genitive: 'Plans', plural: 'Pläne', paraphrase: 'Konzept', paraphraseAccusative: 'das' },
  { head: 'Antrag', article: 'der', accusative: 'den', genitive: 'Antrages', plural: 'Anträge', paraphrase: 'Gesuch', paraphraseAccusative: 'das' },
  { head: 'Frist', article: 'die', accusative: 'die', genitive: 'Frist', plural: 'Fristen', paraphrase: 'Stichtag', paraphraseAccusative: 'den' },
  { head: 'Rechnung', article: 'die', accusative: 'die', genitive: 'Rechnung', plural: 'Rechnungen', paraphrase: 'Faktura', paraphraseAccusative: 'die' },
  { head: 'Pflicht', article: 'die', accusative: 'die', genitive: 'Pflicht', plural: 'Pflichten', paraphrase: 'Auflage', paraphraseAccusative: 'die' },
  { head: 'Termin', article: 'der', accusative: 'den', genitive: 'Termins', plural: 'Termine', paraphrase: 'Verabredung', paraphraseAccusative: 'die' },
  { head: 'Handbuch', article: 'das', accusative: 'das', genitive: 'Handbuches', plural: 'Handbücher', paraphrase: 'Leitfaden', paraphraseAccusative: 'den' },
  { head: 'Ordnung', article: 'die', accusative: 'die', genitive: 'Ordnung', plural: 'Ordnungen', paraphrase: 'Regelwerk', paraphraseAccusative: 'das' },
];
/** First parts of the compounds (with their linking element). */
const GERMAN_MODIFIERS = ['Jahres', 'Quartals', 'Wartungs', 'Arbeits', 'Miet', 'Reise', 'Schulungs', 'Sicherheits', 'Projekt', 'Liefer'];
const GERMAN_VERBS = ['freigegeben', 'geprüft', 'unterschrieben', 'überarbeitet', 'abgelehnt', 'verschoben'];
const GERMAN_PEOPLE = ['Frau Kessler', 'Herr Brandt', 'Frau Yilmaz', 'Herr Nowak', 'Frau Lindqvist', 'Herr Osei', 'Frau Marquardt', 'Herr Petrov'];

interface EnglishNoun {
  singular: string;
  plural: string;
  paraphrase: string;
}

const ENGLISH_NOUNS: EnglishNoun[] = [
  { singular: 'report', plural: 'reports', paraphrase: 'summary' },
  { singular: 'contract', plural: 'contracts', paraphrase: 'agreement' },
  { singular: 'plan', plural: 'plans', paraphrase: 'roadmap' },
  { singular: 'request', plural: 'requests', paraphrase: 'application' },
  { singular: 'deadline', plural: 'deadlines', paraphrase: 'due date' },
  { singular: 'invoice', plural: 'invoices', paraphrase: 'bill' },
  { singular: 'policy', plural: 'policies', paraphrase: 'guideline' },
  { singular: 'meeting', plural: 'meetings', paraphrase: 'session' },
  { singular: 'handbook', plural: 'handbooks', paraphrase: 'manual' },
  { singular: 'audit', plural: 'audits', paraphrase: 'inspection' },
];
const ENGLISH_MODIFIERS = ['annual', 'quarterly', 'maintenance', 'employment', 'rental', 'travel', 'training', 'security', 'project', 'supplier'];
const ENGLISH_VERBS = ['approved', 'reviewed', 'signed', 'revised', 'rejected', 'postponed'];
const ENGLISH_PEOPLE = ['Ms Carter', 'Mr Okafor', 'Ms Duarte', 'Mr Lindgren', 'Ms Haddad', 'Mr Tanaka', 'Ms Fischer', 'Mr Mbeki'];

const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Office words of the filler passages; the document words appear alone too, as in real text. */
const GERMAN_FILLER =
  'der die das und ist nicht mit den dem ein eine auf für von zu im sind wird werden auch sich als bei nach oder aber wie noch nur über Abteilung Unternehmen Mitarbeiter Projekt Kunde Kunden Leistung Zahlung Besprechung Ergebnis Anforderung Planung Umsetzung Prüfung Freigabe Qualität Sicherheit Daten Datenschutz Verantwortung Zeitraum Quartal Jahr Monat Woche Budget Kosten Ausgaben Strategie Ziel Maßnahme Lieferant Produkt Dienstleistung Standort Gebäude Büro Arbeitszeit Urlaub Genehmigung Leitung Vorstand Team Schulung Weiterbildung Richtlinie Prozess System Software Anwendung Netzwerk Zugang Konto Änderung Version Dokument Vorlage Entwurf Abstimmung Entscheidung wichtig neu schnell sicher offen erledigt geplant Bericht Vertrag Plan Antrag Frist Rechnung Pflicht Termin Handbuch Ordnung Arbeit Miete Reise'.split(' ');
const ENGLISH_FILLER =
  'the and is are was were not with of to in for on by from this that be been has have it as or but which will an at department company employee project customer service payment result requirement planning delivery review quality security data privacy responsibility period quarter year month week budget costs expenses revenue strategy goal measure supplier product location building office remote working hours vacation permission management board team training guideline process system software application server network access account change version document template draft decision important new fast secure open closed done planned report contract plan request deadline invoice policy meeting handbook audit'.split(' ');

const SYLLABLES = ['bel', 'dor', 'wen', 'kar', 'lin', 'mar', 'tis', 'ro', 'fen', 'gal', 'sun', 'vik', 'om', 'hal', 'ter', 'quin'];

export interface Corpus {
  labelled: CorpusPassage[];
  questions: LabelledQuestion[];
  /** Filler passages from `n`, as many as asked (deterministic per seed and start). */
  filler(count: number, startN: number): CorpusPassage[];
}

/** The corpus: `teams` teams per language, ten labelled passages each, and one question per labelled passage. */
export function makeCorpus(seed: number, teams = 40): Corpus {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const names = new Set<string>();
  while (names.size < teams * 2) {
    const name = pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES);
    names.add(name[0]!.toUpperCase() + name.slice(1));
  }
  const [germanTeams, englishTeams] = [[...names].slice(0, teams), [...names].slice(teams)];
  const labelled: CorpusPassage[] = [];
  const questions: LabelledQuestion[] = [];
  const add = (language: Language, text: string) => {
    labelled.push({ n: labelled.length, language, text });
    return labelled.length - 1;
  };

  const germanKinds: QuestionKind[] = ['exact', 'inflection', 'compound', 'paraphrase'];
  germanTeams.forEach((team, t) => {
    GERMAN_NOUNS.forEach((noun, h) => {
      const kind = germanKinds[(t + h) % germanKinds.length]!;
      const modifier = GERMAN_MODIFIERS[(t * 3 + h) % GERMAN_MODIFIERS.length]!;
      const compound = (form: string) => modifier + form.toLowerCase();
      const verb = pick(GERMAN_VERBS);
      const person = pick(GERMAN_PEOPLE);
      const date = `${1 + Math.floor(random() * 28)}. ${pick(MONTHS_DE)}`;
      // Exact questions see the passage's singular; inflection questions a passage in the plural
      // or genitive; compound and paraphrase questions either.
      const plural = kind === 'inflection' ? random() < 0.5 : random() < 0.3;
      const subject = plural
        ? `Die ${compound(noun.plural)} der Abteilung ${team} wurden am ${date} von ${person} ${verb}.`
        : kind === 'inflection'
          ? `Die Fassung des ${compound(noun.genitive)} der Abteilung ${team} wurde am ${date} von ${person} ${verb}.`
          : `${capital(noun.article)} ${compound(noun.head)} der Abteilung ${team} wurde am ${date} von ${person} ${verb}.`;
      const n = add('german', `${subject} ${germanSentence(random)} ${germanSentence(random)}`);
      const asked =
        kind === 'compound'
          ? `${noun.accusative} ${noun.head}`
          : kind === 'paraphrase'
            ? `${noun.paraphraseAccusative} ${noun.paraphrase}`
            : `${noun.accusative} ${compound(noun.head)}`;
      questions.push({ question: `Wer hat ${asked} der Abteilung ${team} ${verb}?`, language: 'german', kind, answer: n });
    });
  });

  const englishKinds: QuestionKind[] = ['exact', 'inflection', 'paraphrase'];
  englishTeams.forEach((team, t) => {
    ENGLISH_NOUNS.forEach((noun, h) => {
      const kind = englishKinds[(t + h) % englishKinds.length]!;
      const modifier = ENGLISH_MODIFIERS[(t * 3 + h) % ENGLISH_MODIFIERS.length]!;
      const verb = pick(ENGLISH_VERBS);
      const person = pick(ENGLISH_PEOPLE);
      const date = `${pick(MONTHS_EN)} ${1 + Math.floor(random() * 28)}`;
      const plural = kind === 'inflection' || random() < 0.3;
      const subject = plural
        ? `The ${modifier} ${noun.plural} of the ${team} team were ${verb} by ${person} on ${date}.`
        : `The ${modifier} ${noun.singular} of the ${team} team was ${verb} by ${person} on ${date}.`;
      const n = add('english', `${subject} ${englishSentence(random)} ${englishSentence(random)}`);
      const asked = kind === 'paraphrase' ? `${modifier} ${noun.paraphrase}` : `${modifier} ${noun.singular}`;
      questions.push({ question: `Who ${verb} the ${asked} of the ${team} team?`, language: 'english', kind, answer: n });
    });
  });

  return {
    labelled,
    questions,
    filler(count, startN) {
      const fill = mulberry32(seed * 7919 + startN);
      const passages: CorpusPassage[] = [];
      for (let i = 0; i < count; i += 1) {
        const language: Language = fill() < 0.5 ? 'german' : 'english';
        let text = '';
        while (text.length < 380) text += (text ? ' ' : '') + (language === 'german' ? germanSentence(fill) : englishSentence(fill));
        passages.push({ n: startN + i, language, text });
      }
      return passages;
    },
  };
}

function capital(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

function pseudoWord(random: () => number): string {
  let word = '';
  for (let i = 0, n = 2 + Math.floor(random() * 2); i < n; i += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
  return word;
}

function sentenceOf(random: () => number, vocabulary: readonly string[]): string {
  const words = Array.from({ length: 7 + Math.floor(random() * 8) }, () =>
    random() < 0.8 ? vocabulary[Math.floor(random() * random() * vocabulary.length)]! : pseudoWord(random),
  );
  const text = words.join(' ');
  return capital(text) + '.';
}

const germanSentence = (random: () => number) => sentenceOf(random, GERMAN_FILLER);
const englishSentence = (random: () => number) => sentenceOf(random, ENGLISH_FILLER);
