import { z } from 'zod';
import { mustBeOneOf, uuidSchema } from './common';
import { localeSchema } from './config';

/**
 * The use cases summarize and generate (docs/use-cases.md): POST /api/summarize (pasted text or a
 * document the user may read), POST /api/summarize/file (an uploaded file, multipart, read and
 * not stored) and POST /api/generate (a text from a template's short form). Each answer streams as
 * JSON lines of the stream envelope (stream-envelope.ts): stream_text begin, append..., end, then
 * done (or error). Summarize needs the flag enableExtensibleSummarize, generate
 * enableExtensibleGenerate (403 `forbidden` when off).
 */

/** A text in German or English: the language the result is written in. */
export const useCaseLanguageSchema = localeSchema;
export type UseCaseLanguage = z.infer<typeof useCaseLanguageSchema>;

// ---------------------------------------------------------------------------------------------
// Summarize

/**
 * Longest text one summary takes, in characters (`text.length`): pasted text, and the extracted
 * text of a document or an uploaded file. Longer is a 413 `payload_too_large` with
 * `limit: { value: SUMMARIZE_MAX_CHARACTERS, unit: 'characters' }`.
 */
export const SUMMARIZE_MAX_CHARACTERS = 100_000;

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export const summaryLengthSchema = z.enum(SUMMARY_LENGTHS, { error: mustBeOneOf(SUMMARY_LENGTHS) });
export type SummaryLength = z.infer<typeof summaryLengthSchema>;

/** key_points: a bullet list; abstract: a few paragraphs of prose; decisions_and_actions: decisions, then action items (who, what, when). */
export const SUMMARY_FORMS = ['key_points', 'abstract', 'decisions_and_actions'] as const;
export const summaryFormSchema = z.enum(SUMMARY_FORMS, { error: mustBeOneOf(SUMMARY_FORMS) });
export type SummaryForm = z.infer<typeof summaryFormSchema>;

/** How the summary should look; each has a default. */
export const summaryOptionsSchema = z.strictObject({
  length: summaryLengthSchema.default('medium'),
  form: summaryFormSchema.default('key_points'),
  /** The language the summary is written in, whatever the text's language. */
  language: z._default(useCaseLanguageSchema, 'de'),
});
export type SummaryOptions = z.infer<typeof summaryOptionsSchema>;

export const SUMMARIZE_ONE_SOURCE = 'Give either text or file_id, not both';

/**
 * POST /api/summarize body: pasted `text`, or `file_id` of a processed document in a collection
 * the user may read (another user's document is a 404, one still being processed a 409).
 */
export const summarizeRequestSchema = summaryOptionsSchema
  .extend({
    text: z
      .string()
      .regex(/\S/, 'Must not be empty')
      .max(SUMMARIZE_MAX_CHARACTERS, `Must not be longer than ${SUMMARIZE_MAX_CHARACTERS} characters`)
      .optional(),
    file_id: uuidSchema.optional(),
  })
  .superRefine((request, ctx) => {
    if ((request.text === undefined) === (request.file_id === undefined)) {
      ctx.addIssue({ code: 'custom', message: SUMMARIZE_ONE_SOURCE, path: [request.text === undefined ? 'text' : 'file_id'] });
    }
  });
export type SummarizeRequest = z.infer<typeof summarizeRequestSchema>;
export type SummarizeRequestInput = z.input<typeof summarizeRequestSchema>;

/** The multipart field of POST /api/summarize/file that carries the file (one file); `length`, `form`, `language` are fields beside it. */
export const SUMMARIZE_FILE_FIELD = 'file';

// ---------------------------------------------------------------------------------------------
// Generate

/** Words for both interface languages. */
export interface LocalizedLabel {
  de: string;
  en: string;
}

/** short_text: one line; long_text: a text area; choice: one of `options`. Every value travels as a string. */
export const GENERATE_FIELD_KINDS = ['short_text', 'long_text', 'choice'] as const;
export type GenerateFieldKind = (typeof GENERATE_FIELD_KINDS)[number];

export interface GenerateFieldDefinition {
  /** The key in the request's `fields`. */
  name: string;
  kind: GenerateFieldKind;
  required: boolean;
  /** Longest value in characters. */
  max_length: number;
  label: LocalizedLabel;
  /** A hint shown in the empty input. */
  placeholder?: LocalizedLabel;
  /** For `choice`: the values allowed, in order. */
  options?: ReadonlyArray<{ value: string; label: LocalizedLabel }>;
}

export interface GenerateTemplateDefinition {
  id: string;
  label: LocalizedLabel;
  description: LocalizedLabel;
  /** The form, in display order. */
  fields: readonly GenerateFieldDefinition[];
}

const SHORT = 200;
const LONG = 4_000;

const TONE_OPTIONS = [
  { value: 'formal', label: { de: 'Förmlich', en: 'Formal' } },
  { value: 'neutral', label: { de: 'Sachlich', en: 'Neutral' } },
  { value: 'friendly', label: { de: 'Freundlich', en: 'Friendly' } },
] as const;

/**
 * The templates of generate, each a short form. The interface renders its forms from these; the
 * server validates a request against them (generateRequestSchema) and builds the prompt from them.
 */
export const GENERATE_TEMPLATES = {
  email: {
    id: 'email',
    label: { de: 'E-Mail', en: 'E-mail' },
    description: { de: 'Eine E-Mail aus wenigen Stichpunkten', en: 'An e-mail from a few notes' },
    fields: [
      { name: 'recipient', kind: 'short_text', required: true, max_length: SHORT, label: { de: 'Empfänger', en: 'Recipient' }, placeholder: { de: 'z. B. das Team Einkauf', en: 'e.g. the purchasing team' } },
      { name: 'purpose', kind: 'long_text', required: true, max_length: 2_000, label: { de: 'Worum geht es?', en: 'What is it about?' } },
      { name: 'key_points', kind: 'long_text', required: false, max_length: LONG, label: { de: 'Wichtige Punkte', en: 'Key points' } },
      { name: 'tone', kind: 'choice', required: false, max_length: 20, label: { de: 'Ton', en: 'Tone' }, options: TONE_OPTIONS },
    ],
  },
  letter: {
    id: 'letter',
    label: { de: 'Brief', en: 'Letter' },
    description: { de: 'Ein Geschäftsbrief mit Betreff, Anrede und Gruß', en: 'A business letter with subject, salutation and closing' },
    fields: [
      { name: 'sender', kind: 'short_text', required: false, max_length: 300, label: { de: 'Absender', en: 'Sender' } },
      { name: 'recipient', kind: 'short_text', required: true, max_length: 300, label: { de: 'Empfänger', en: 'Recipient' } },
      { name: 'subject', kind: 'short_text', required: true, max_length: SHORT, label: { de: 'Betreff', en: 'Subject' } },
      { name: 'content', kind: 'long_text', required: true, max_length: LONG, label: { de: 'Inhalt in Stichpunkten', en: 'Content as notes' } },
      { name: 'tone', kind: 'choice', required: false, max_length: 20, label: { de: 'Ton', en: 'Tone' }, options: TONE_OPTIONS },
    ],
  },
  meeting_minutes: {
    id: 'meeting_minutes',
    label: { de: 'Besprechungsprotokoll', en: 'Meeting minutes' },
    description: { de: 'Ein Protokoll aus Notizen einer Besprechung', en: 'Minutes from the notes of a meeting' },
    fields: [
      { name: 'title', kind: 'short_text', required: true, max_length: SHORT, label: { de: 'Besprechung', en: 'Meeting' } },
      { name: 'date', kind: 'short_text', required: false, max_length: 100, label: { de: 'Datum', en: 'Date' } },
      { name: 'participants', kind: 'long_text', required: false, max_length: 2_000, label: { de: 'Teilnehmende', en: 'Participants' } },
      { name: 'notes', kind: 'long_text', required: true, max_length: 20_000, label: { de: 'Notizen', en: 'Notes' } },
    ],
  },
  job_posting: {
    id: 'job_posting',
    label: { de: 'Stellenanzeige', en: 'Job posting' },
    description: { de: 'Eine Stellenanzeige aus den Eckdaten der Stelle', en: 'A job posting from the key facts of the position' },
    fields: [
      { name: 'job_title', kind: 'short_text', required: true, max_length: SHORT, label: { de: 'Stellenbezeichnung', en: 'Job title' } },
      { name: 'department', kind: 'short_text', required: false, max_length: SHORT, label: { de: 'Abteilung', en: 'Department' } },
      { name: 'location', kind: 'short_text', required: false, max_length: SHORT, label: { de: 'Standort', en: 'Location' } },
      {
        name: 'employment_type',
        kind: 'choice',
        required: false,
        max_length: 20,
        label: { de: 'Anstellungsart', en: 'Employment type' },
        options: [
          { value: 'full_time', label: { de: 'Vollzeit', en: 'Full-time' } },
          { value: 'part_time', label: { de: 'Teilzeit', en: 'Part-time' } },
          { value: 'temporary', label: { de: 'Befristet', en: 'Temporary' } },
          { value: 'internship', label: { de: 'Praktikum', en: 'Internship' } },
        ],
      },
      { name: 'responsibilities', kind: 'long_text', required: true, max_length: LONG, label: { de: 'Aufgaben', en: 'Responsibilities' } },
      { name: 'requirements', kind: 'long_text', required: true, max_length: LONG, label: { de: 'Anforderungen', en: 'Requirements' } },
      { name: 'benefits', kind: 'long_text', required: false, max_length: 2_000, label: { de: 'Wir bieten', en: 'What we offer' } },
    ],
  },
} as const satisfies Record<string, GenerateTemplateDefinition>;

export type GenerateTemplateId = keyof typeof GENERATE_TEMPLATES;
export const GENERATE_TEMPLATE_IDS = Object.keys(GENERATE_TEMPLATES) as GenerateTemplateId[];
export const generateTemplateIdSchema = z.enum(GENERATE_TEMPLATE_IDS as [GenerateTemplateId, ...GenerateTemplateId[]], {
  error: mustBeOneOf(GENERATE_TEMPLATE_IDS),
});

export const GENERATE_FIELD_REQUIRED = 'Must not be empty';
export const GENERATE_FIELD_UNKNOWN = 'Is not a field of this template';

/** The template of an id (undefined for any other string). */
export function generateTemplate(id: string): GenerateTemplateDefinition | undefined {
  return Object.hasOwn(GENERATE_TEMPLATES, id) ? GENERATE_TEMPLATES[id as GenerateTemplateId] : undefined;
}

/**
 * The problems of a form's values for a template, one per field (path: the field's name), the
 * way the server refuses them and the form shows them: a required field empty (whitespace alone
 * counts as empty), a value too long, a choice not among the options, a field the template has not.
 */
export function generateFieldIssues(template: GenerateTemplateDefinition, fields: Readonly<Record<string, string>>): Array<{ field: string; message: string }> {
  const issues: Array<{ field: string; message: string }> = [];
  const known = new Set(template.fields.map((field) => field.name));
  for (const name of Object.keys(fields)) {
    if (!known.has(name)) issues.push({ field: name, message: GENERATE_FIELD_UNKNOWN });
  }
  for (const field of template.fields) {
    const value = fields[field.name] ?? '';
    if (value.trim() === '') {
      if (field.required) issues.push({ field: field.name, message: GENERATE_FIELD_REQUIRED });
      continue;
    }
    if (value.length > field.max_length) {
      issues.push({ field: field.name, message: `Must not be longer than ${field.max_length} characters` });
    } else if (field.kind === 'choice' && field.options && !field.options.some((option) => option.value === value)) {
      issues.push({ field: field.name, message: mustBeOneOf(field.options.map((option) => option.value)) });
    }
  }
  return issues;
}

/** The longest a field value may be in any template: the request schema's bound before the template's own. */
const GENERATE_VALUE_MAX_LENGTH = Math.max(...Object.values(GENERATE_TEMPLATES).flatMap((template) => template.fields.map((field) => field.max_length)));

/**
 * POST /api/generate body: a template, its form's values (strings; empty or absent optional
 * fields are left out of the prompt) and the language of the text. Refused per field with
 * issues at `fields.<name>`.
 */
export const generateRequestSchema = z
  .strictObject({
    template: generateTemplateIdSchema,
    fields: z.record(z.string().max(64), z.string().max(GENERATE_VALUE_MAX_LENGTH, `Must not be longer than ${GENERATE_VALUE_MAX_LENGTH} characters`)),
    language: z._default(useCaseLanguageSchema, 'de'),
  })
  .superRefine((request, ctx) => {
    const template = generateTemplate(request.template);
    if (!template) return;
    for (const issue of generateFieldIssues(template, request.fields)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['fields', issue.field] });
    }
  });
export type GenerateRequest = z.infer<typeof generateRequestSchema>;
export type GenerateRequestInput = z.input<typeof generateRequestSchema>;
