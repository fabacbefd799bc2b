import { z } from 'zod';
import { MESSAGES, isoDateTimeSchema, mustBeOneOf, positiveIntSchema, unknownDiscriminator, uuidSchema, versionNumberSchema } from './common';
import { copyName, exportDocumentHead } from './export-document';
import { itemSharingSchema } from './sharing';

/**
 * Custom apps ("create your own", SPEC section 2 /create-your-own and /usecases/{useCaseId}): a
 * small app made of a prompt template with variables, without code. The spec shows no calls for
 * them; shapes, limits and routes are this project's (docs/custom-apps.md):
 * GET|POST /api/custom-apps, GET|PUT|DELETE /api/custom-apps/{id},
 * POST /api/custom-apps/{id}/publish|unpublish (administrators), POST /api/custom-apps/{id}/run,
 * GET /api/custom-apps/{id}/versions[/{version}], POST /api/custom-apps/{id}/versions/{version}/restore,
 * POST /api/custom-apps/{id}/duplicate, GET /api/custom-apps/{id}/export, POST /api/custom-apps/import.
 *
 * A template names its variables as {{name}} (spaces inside the braces are allowed:
 * {{ name }}). Every placeholder must name a declared variable and every declared variable must
 * appear in the template. Running an app fills the template with the values of its form
 * (`runValuesSchemaFor` checks them, `fillTemplate` inserts them).
 */

/** The icons an app may show (the UI maps each to its own glyph). */
export const APP_ICONS = [
  'sparkles',
  'document',
  'mail',
  'chat',
  'pencil',
  'list',
  'checklist',
  'lightbulb',
  'calendar',
  'chart',
  'code',
  'book',
  'briefcase',
  'people',
  'globe',
  'search',
  'shield',
  'megaphone',
  'scale',
  'heart',
] as const;
export type AppIcon = (typeof APP_ICONS)[number];

export const CUSTOM_APP_VARIABLE_KINDS = ['short_text', 'long_text', 'choice', 'number', 'date'] as const;
export type CustomAppVariableKind = (typeof CUSTOM_APP_VARIABLE_KINDS)[number];

/**
 * personal: its owner's, and whom the owner shares it with (view: run and copy it; edit: also save
 * new versions); company: published by an administrator, run by everyone.
 */
export const CUSTOM_APP_VISIBILITIES = ['personal', 'company'] as const;
export type CustomAppVisibility = (typeof CUSTOM_APP_VISIBILITIES)[number];

export const CUSTOM_APP_NAME_MAX_LENGTH = 80;
export const CUSTOM_APP_DESCRIPTION_MAX_LENGTH = 500;
export const CUSTOM_APP_TEMPLATE_MAX_LENGTH = 10_000;
export const CUSTOM_APP_MAX_VARIABLES = 20;
export const CUSTOM_APP_VARIABLE_NAME_MAX_LENGTH = 40;
export const CUSTOM_APP_VARIABLE_LABEL_MAX_LENGTH = 100;
export const CUSTOM_APP_CHOICE_MIN_OPTIONS = 2;
export const CUSTOM_APP_CHOICE_MAX_OPTIONS = 20;
export const CUSTOM_APP_OPTION_MAX_LENGTH = 100;
/** The largest `max_length` a short text may declare, and its default. */
export const CUSTOM_APP_SHORT_TEXT_MAX_LENGTH = 500;
export const CUSTOM_APP_SHORT_TEXT_DEFAULT_LENGTH = 200;
/** The largest `max_length` a long text may declare, and its default. */
export const CUSTOM_APP_LONG_TEXT_MAX_LENGTH = 20_000;
export const CUSTOM_APP_LONG_TEXT_DEFAULT_LENGTH = 5_000;
/** The longest a filled template may be (template and values together), in characters. */
export const CUSTOM_APP_RUN_MAX_CHARACTERS = 40_000;
/**
 * The longest document text a run works over (`file_id`), in characters: like a summary's. A text
 * longer than the model's context is worked on in parts whose results are merged.
 */
export const CUSTOM_APP_DOCUMENT_MAX_CHARACTERS = 100_000;
/** Personal apps a user may keep; one more is a 409 conflict. */
export const CUSTOM_APP_MAX_PER_USER = 100;

/** A variable's name: letters, digits and _, not starting with a digit (so {{name}} reads unambiguously). */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every {{...}} of a template (no braces inside); group 1 is the text between the braces, trimmed. */
const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

const tooLong = (max: number) => `Must not be longer than ${max} characters`;
const trimmedText = (max: number) => z.string().trim().min(1, MESSAGES.empty).max(max, tooLong(max));

export const CUSTOM_APP_ERRORS = {
  notFound: { statusCode: 404, code: 'not_found', message: 'No such app' },
  staleVersion: {
    statusCode: 409,
    code: 'conflict',
    message: 'The app has a newer version than the one this change is based on; `current` holds it',
  },
  tooManyApps: { statusCode: 409, code: 'conflict', message: `A user keeps at most ${CUSTOM_APP_MAX_PER_USER} apps` },
  creationDisabled: {
    statusCode: 403,
    code: 'forbidden',
    message: 'Creating and changing apps is switched off (customization create_your_own_enabled)',
  },
  readOnly: {
    statusCode: 403,
    code: 'forbidden',
    message: 'You may not change this app: its owner and colleagues it is shared with for editing do (administrators, a company app)',
  },
  notDeletable: { statusCode: 403, code: 'forbidden', message: 'Only its owner deletes an app (administrators, a company app)' },
  versionNotFound: { statusCode: 404, code: 'not_found', message: 'No such version of this app' },
} as const;

export const variableNameSchema = z
  .string()
  .min(1, MESSAGES.empty)
  .max(CUSTOM_APP_VARIABLE_NAME_MAX_LENGTH, tooLong(CUSTOM_APP_VARIABLE_NAME_MAX_LENGTH))
  .regex(VARIABLE_NAME_PATTERN, 'Must be a name of letters, digits and _ that does not start with a digit, such as topic or due_date');

const variableBase = {
  name: variableNameSchema,
  /** What the form shows above the field. */
  label: trimmedText(CUSTOM_APP_VARIABLE_LABEL_MAX_LENGTH),
  /** A required variable must be filled in to run the app. */
  required: z.boolean().default(true),
};

const maxLengthSchema = (max: number, fallback: number) =>
  z
    .number()
    .int(MESSAGES.wholeNumber)
    .min(1, 'Must not be below 1')
    .max(max, `Must not be above ${max}`)
    .default(fallback);

export const shortTextVariableSchema = z.strictObject({
  ...variableBase,
  kind: z.literal('short_text'),
  /** One line of at most this many characters. */
  max_length: maxLengthSchema(CUSTOM_APP_SHORT_TEXT_MAX_LENGTH, CUSTOM_APP_SHORT_TEXT_DEFAULT_LENGTH),
});

export const longTextVariableSchema = z.strictObject({
  ...variableBase,
  kind: z.literal('long_text'),
  max_length: maxLengthSchema(CUSTOM_APP_LONG_TEXT_MAX_LENGTH, CUSTOM_APP_LONG_TEXT_DEFAULT_LENGTH),
});

export const choiceVariableSchema = z.strictObject({
  ...variableBase,
  kind: z.literal('choice'),
  /** What the user picks from, in this order; distinct (ignoring case). */
  options: z
    .array(trimmedText(CUSTOM_APP_OPTION_MAX_LENGTH), { error: 'Must be a list of options' })
    .min(CUSTOM_APP_CHOICE_MIN_OPTIONS, `Must offer at least ${CUSTOM_APP_CHOICE_MIN_OPTIONS} options`)
    .max(CUSTOM_APP_CHOICE_MAX_OPTIONS, `Must not offer more than ${CUSTOM_APP_CHOICE_MAX_OPTIONS} options`)
    .superRefine((options, ctx) => {
      const seen = new Set<string>();
      options.forEach((option, index) => {
        const key = option.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `Option "${option}" is offered twice`, path: [index] });
        seen.add(key);
      });
    }),
});

const finiteNumber = z.number({ error: 'Must be a number' });

export const numberVariableSchema = z.strictObject({
  ...variableBase,
  kind: z.literal('number'),
  /** Smallest and largest value accepted; either may be absent. */
  min: finiteNumber.optional(),
  max: finiteNumber.optional(),
});

/** A calendar date, sent as YYYY-MM-DD. */
export const dateVariableSchema = z.strictObject({
  ...variableBase,
  kind: z.literal('date'),
});

export const customAppVariableSchema = z.discriminatedUnion(
  'kind',
  [shortTextVariableSchema, longTextVariableSchema, choiceVariableSchema, numberVariableSchema, dateVariableSchema],
  unknownDiscriminator(CUSTOM_APP_VARIABLE_KINDS),
);
export type CustomAppVariable = z.infer<typeof customAppVariableSchema>;
export type CustomAppVariableInput = z.input<typeof customAppVariableSchema>;

/** One {{...}} of a template: the text between the braces (trimmed) and whether it is a valid name. */
export interface TemplatePlaceholder {
  name: string;
  valid: boolean;
  /** The placeholder as written, braces included. */
  raw: string;
}

/** Every placeholder of `template`, in order (repeats included). */
export function templatePlaceholders(template: string): TemplatePlaceholder[] {
  return [...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => ({
    name: match[1]!,
    valid: VARIABLE_NAME_PATTERN.test(match[1]!),
    raw: match[0],
  }));
}

/** The distinct valid variable names a template uses, in order of first use. */
export function templateVariableNames(template: string): string[] {
  return [...new Set(templatePlaceholders(template).flatMap((p) => (p.valid ? [p.name] : [])))];
}

/** A value of the form: text, a number, or nothing (an optional variable left empty). */
export type TemplateValue = string | number | null | undefined;

/**
 * The template with each {{name}} replaced by the value of `name`, inserted as given (a number as
 * written by String(); null, undefined and '' as nothing). Placeholders whose name is not a key of
 * `values` stay as written, so a preview of a half-filled form shows what is still missing. One
 * pass: a value that itself contains {{...}} is inserted literally, never filled again.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  return template.replace(PLACEHOLDER_PATTERN, (raw, name: string) => {
    if (!Object.hasOwn(values, name)) return raw;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * The rules across fields of an app's definition: the template and the variables must agree. Runs
 * even when single fields were refused (`when` below), so a form shows every problem at once; it
 * therefore reads the value defensively.
 */
function checkDefinition(app: unknown, ctx: z.RefinementCtx) {
  const { template, variables } = (app ?? {}) as { template?: unknown; variables?: unknown };
  const list: Array<{ name?: unknown; kind?: unknown; min?: unknown; max?: unknown }> = Array.isArray(variables) ? variables : [];
  const declared = new Map<string, number>();
  list.forEach((variable, index) => {
    if (typeof variable !== 'object' || variable === null || typeof variable.name !== 'string') return;
    if (declared.has(variable.name)) {
      ctx.addIssue({ code: 'custom', message: `Another variable is already named "${variable.name}"`, path: ['variables', index, 'name'] });
    } else {
      declared.set(variable.name, index);
    }
    if (variable.kind === 'number' && typeof variable.min === 'number' && typeof variable.max === 'number' && variable.min > variable.max) {
      ctx.addIssue({ code: 'custom', message: `Must not be above max (${variable.max})`, path: ['variables', index, 'min'] });
    }
  });
  if (typeof template !== 'string') return;
  const reported = new Set<string>();
  for (const placeholder of templatePlaceholders(template)) {
    if (reported.has(placeholder.raw)) continue;
    reported.add(placeholder.raw);
    if (!placeholder.valid) {
      ctx.addIssue({
        code: 'custom',
        message: `${placeholder.raw} is not a valid placeholder: write {{name}} with a variable name of letters, digits and _`,
        path: ['template'],
      });
    } else if (!declared.has(placeholder.name)) {
      ctx.addIssue({
        code: 'custom',
        message: `{{${placeholder.name}}} is used in the template but no variable "${placeholder.name}" is declared`,
        path: ['template'],
      });
    }
  }
  const used = new Set(templateVariableNames(template));
  for (const [name, index] of declared) {
    if (!used.has(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `Variable "${name}" is declared but not used in the template; write {{${name}}} where its value goes`,
        path: ['variables', index, 'name'],
      });
    }
  }
}

/** Cross-field checks run whenever the body is an object, beside the single fields' issues. */
const ALWAYS_ON_OBJECTS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** What an app's author writes: the same for creating (POST) and saving (PUT, with `version`). */
const definitionShape = {
  name: trimmedText(CUSTOM_APP_NAME_MAX_LENGTH),
  icon: z.enum(APP_ICONS, { error: mustBeOneOf(APP_ICONS) }),
  /** Shown on the app's tile; may be empty. */
  description: z.string().trim().max(CUSTOM_APP_DESCRIPTION_MAX_LENGTH, tooLong(CUSTOM_APP_DESCRIPTION_MAX_LENGTH)).default(''),
  /** The instruction to the model, with {{name}} where a variable's value goes. */
  template: trimmedText(CUSTOM_APP_TEMPLATE_MAX_LENGTH),
  /** The form's fields, in the order shown. */
  variables: z
    .array(customAppVariableSchema)
    .max(CUSTOM_APP_MAX_VARIABLES, `Must not declare more than ${CUSTOM_APP_MAX_VARIABLES} variables`)
    .default([]),
};

/** POST /api/custom-apps: a new personal app (publishing is a separate, administrator's step). */
export const createCustomAppRequestSchema = z.strictObject(definitionShape).superRefine(checkDefinition, ALWAYS_ON_OBJECTS);
export type CreateCustomAppRequest = z.infer<typeof createCustomAppRequestSchema>;
export type CreateCustomAppRequestInput = z.input<typeof createCustomAppRequestSchema>;

/**
 * PUT /api/custom-apps/{id}: the whole definition again, with the `version` it is based on. A
 * save based on an older version is a 409 whose body carries the `current` app.
 */
export const updateCustomAppRequestSchema = z
  .strictObject({ ...definitionShape, version: versionNumberSchema })
  .superRefine(checkDefinition, ALWAYS_ON_OBJECTS);
export type UpdateCustomAppRequest = z.infer<typeof updateCustomAppRequestSchema>;
export type UpdateCustomAppRequestInput = z.input<typeof updateCustomAppRequestSchema>;

export const customAppSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1, MESSAGES.empty).max(CUSTOM_APP_NAME_MAX_LENGTH, tooLong(CUSTOM_APP_NAME_MAX_LENGTH)),
  icon: z.enum(APP_ICONS, { error: mustBeOneOf(APP_ICONS) }),
  description: z.string().max(CUSTOM_APP_DESCRIPTION_MAX_LENGTH, tooLong(CUSTOM_APP_DESCRIPTION_MAX_LENGTH)),
  template: z.string().min(1, MESSAGES.empty).max(CUSTOM_APP_TEMPLATE_MAX_LENGTH, tooLong(CUSTOM_APP_TEMPLATE_MAX_LENGTH)),
  variables: z.array(customAppVariableSchema).max(CUSTOM_APP_MAX_VARIABLES),
  visibility: z.enum(CUSTOM_APP_VISIBILITIES, { error: mustBeOneOf(CUSTOM_APP_VISIBILITIES) }),
  /** Counts every change from 1; a save names the version it is based on. */
  version: positiveIntSchema,
  /**
   * Whether the signed-in user may change it: the owner and edit recipients of a personal app,
   * administrators for a company app.
   */
  can_edit: z.boolean(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /**
   * How it reaches the viewer (their own, or shared with them by whom) and, for its owner and
   * editors, with whom it is shared. `access: owner` is who deletes and shares it. Sent with the
   * list and a single app.
   */
  sharing: itemSharingSchema.optional(),
});
export type CustomApp = z.infer<typeof customAppSchema>;

/** GET /api/custom-apps: the user's own personal apps, those shared with them and the company's, by name. */
export const customAppListResponseSchema = z.object({ apps: z.array(customAppSchema) });
export type CustomAppListResponse = z.infer<typeof customAppListResponseSchema>;

export const customAppIdParamsSchema = z.object({ id: uuidSchema });

/** The body of a 409 on a stale save: the API error with the app as it is now. */
export const customAppConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  current: customAppSchema,
});
export type CustomAppConflict = z.infer<typeof customAppConflictSchema>;

/**
 * POST /api/custom-apps/{id}/run: the form's values by variable name. The shape is checked here;
 * the values themselves against the app's variables with `runValuesSchemaFor(app)` (the server
 * answers its issues as a 400 with the path ["body", "values", name]). With `file_id`, the app's
 * filled template is the instruction for that document: a processed document in a collection the
 * user may read (404 another user's, 409 one not processed yet, 413 past
 * CUSTOM_APP_DOCUMENT_MAX_CHARACTERS).
 */
export const runCustomAppRequestSchema = z.strictObject({
  values: z.record(z.string(), z.unknown(), { error: 'Must be an object of values by variable name' }).default({}),
  file_id: uuidSchema.optional(),
});
export type RunCustomAppRequest = z.infer<typeof runCustomAppRequestSchema>;
export type RunCustomAppRequestInput = z.input<typeof runCustomAppRequestSchema>;

/** The values of a run after `runValuesSchemaFor`: trimmed text, numbers, and undefined for an empty optional variable. */
export type RunValues = Record<string, string | number | undefined>;

const FILL_IN = 'Must be filled in';

/** Blank text, '' and null count as not given (the form's empty field). */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** A form field's text as a number: '12.5' is 12.5; anything else stays as it is (and is refused). */
function numericText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : value;
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The schema of one variable's value (without the required/optional rule). */
function valueSchemaOf(variable: CustomAppVariable): z.ZodType<string | number> {
  const requiredError = { error: (issue: { input?: unknown }) => (issue.input === undefined ? FILL_IN : 'Must be text') };
  switch (variable.kind) {
    case 'short_text':
      return z
        .string(requiredError)
        .trim()
        .max(variable.max_length, tooLong(variable.max_length))
        .refine((text) => !/[\r\n]/.test(text), 'Must be one line');
    case 'long_text':
      return z.string(requiredError).trim().max(variable.max_length, tooLong(variable.max_length));
    case 'choice':
      return z.string(requiredError).refine((choice) => variable.options.includes(choice), mustBeOneOf(variable.options));
    case 'number': {
      let number = z.number({ error: (issue) => (issue.input === undefined ? FILL_IN : 'Must be a number') });
      if (variable.min !== undefined) number = number.min(variable.min, `Must not be below ${variable.min}`);
      if (variable.max !== undefined) number = number.max(variable.max, `Must not be above ${variable.max}`);
      return z.preprocess(numericText, number) as z.ZodType<number>;
    }
    case 'date':
      return z.string(requiredError).refine(isCalendarDate, 'Must be a date written YYYY-MM-DD, such as 2025-06-30');
  }
}

/**
 * The schema of a run's `values` for this app, used by the form and the server alike: one field
 * per variable (issues carry the variable's name as their path), required ones "Must be filled
 * in", optional ones may be missing, null or blank (then undefined). Unknown names are refused,
 * and so is a filled template longer than CUSTOM_APP_RUN_MAX_CHARACTERS.
 */
export function runValuesSchemaFor(app: { template: string; variables: readonly CustomAppVariable[] }): z.ZodType<RunValues, unknown> {
  const shape: Record<string, z.ZodType> = {};
  for (const variable of app.variables) {
    const value = valueSchemaOf(variable);
    shape[variable.name] = z.preprocess(blankToUndefined, variable.required ? value : value.optional());
  }
  const names = new Set(Object.keys(shape));
  return z
    .looseObject(shape, { error: 'Must be an object of values by variable name' })
    .superRefine(
      (values, ctx) => {
        for (const key of Object.keys(values)) {
          if (!names.has(key)) ctx.addIssue({ code: 'custom', message: 'This app has no variable of this name', path: [key] });
        }
        const known = Object.fromEntries(Object.entries(values).filter(([key]) => names.has(key))) as RunValues;
        const filled = fillTemplate(app.template, known);
        if (filled.length > CUSTOM_APP_RUN_MAX_CHARACTERS) {
          ctx.addIssue({
            code: 'custom',
            message: `The filled-in template must not be longer than ${CUSTOM_APP_RUN_MAX_CHARACTERS} characters (it has ${filled.length})`,
            path: [],
          });
        }
      },
      ALWAYS_ON_OBJECTS,
    )
    .transform((values) => Object.fromEntries(Object.entries(values).filter(([key, value]) => names.has(key) && value !== undefined)) as RunValues);
}

// --- Versions, copies, export and import ---------------------------------------------------------

/**
 * What made a version: the first one (`created`, or `duplicated`/`imported` for an app made from
 * another or from a file), a save, a restore of an earlier version (`restored_from` names it), and
 * publishing or unpublishing (the definition unchanged, the visibility changed).
 */
export const CUSTOM_APP_VERSION_CHANGES = ['created', 'duplicated', 'imported', 'saved', 'restored', 'published', 'unpublished'] as const;
export type CustomAppVersionChange = (typeof CUSTOM_APP_VERSION_CHANGES)[number];

/** An app's definition as a version keeps it (what its author writes, defaults applied). */
export const customAppDefinitionSchema = customAppSchema.pick({ name: true, icon: true, description: true, template: true, variables: true });
export type CustomAppDefinition = z.infer<typeof customAppDefinitionSchema>;

/** One version as listed: its number, what made it, who and when, and the app's name in it. */
export const customAppVersionSummarySchema = z.object({
  version: positiveIntSchema,
  change: z.enum(CUSTOM_APP_VERSION_CHANGES, { error: mustBeOneOf(CUSTOM_APP_VERSION_CHANGES) }),
  /** Set when this version restores an earlier one (its number). */
  restored_from: positiveIntSchema.optional(),
  name: z.string(),
  created_at: isoDateTimeSchema,
  /** Who made it (an editor's save is theirs): the name as the directory knows it, else their subject. */
  author: z.object({ sub: z.string(), name: z.string() }),
});
export type CustomAppVersionSummary = z.infer<typeof customAppVersionSummarySchema>;

/**
 * GET /api/custom-apps/{id}/versions: every version, newest first. Only those who may change the
 * app see its history (its owner and edit recipients; administrators for a company app): 404 for
 * an app the user may not read, 403 for one they may only run.
 */
export const customAppVersionListResponseSchema = z.object({ versions: z.array(customAppVersionSummarySchema) });
export type CustomAppVersionListResponse = z.infer<typeof customAppVersionListResponseSchema>;

/** GET /api/custom-apps/{id}/versions/{version}: one version with its definition. */
export const customAppVersionSchema = customAppVersionSummarySchema.extend({ definition: customAppDefinitionSchema });
export type CustomAppVersion = z.infer<typeof customAppVersionSchema>;

export const customAppVersionParamsSchema = z.object({ id: uuidSchema, version: z.coerce.number().pipe(versionNumberSchema) });

/**
 * POST /api/custom-apps/{id}/versions/{version}/restore: the definition of that version as a new
 * version, based on `base_version` (the current one; a stale base is a 409 with `current`).
 */
export const restoreCustomAppRequestSchema = z.strictObject({ base_version: versionNumberSchema });
export type RestoreCustomAppRequest = z.infer<typeof restoreCustomAppRequestSchema>;

/** What a copy's name ends with, in the language of the user who makes it. */
export const CUSTOM_APP_COPY_SUFFIXES = { de: ' (Kopie)', en: ' (copy)' } as const;

/** The name of a copy of an app named `name`: "<name> (Kopie)" / "<name> (copy)", cut to fit. */
export function customAppCopyName(name: string, language: keyof typeof CUSTOM_APP_COPY_SUFFIXES): string {
  return copyName(name, CUSTOM_APP_COPY_SUFFIXES[language], CUSTOM_APP_NAME_MAX_LENGTH);
}

/**
 * POST /api/custom-apps/{id}/duplicate (201): a personal copy of an app the user may read (their
 * own or a company app), owned by them, named in `language` (default German, the portal's default).
 */
const duplicateBodySchema = z.strictObject({ language: z.enum(['de', 'en'], { error: mustBeOneOf(['de', 'en']) }).default('de') });
/** No body at all (the server reads an empty one as null) is `{}`. */
export const duplicateCustomAppRequestSchema = z.preprocess((body) => body ?? {}, duplicateBodySchema);
export type DuplicateCustomAppRequestInput = z.input<typeof duplicateBodySchema>;

export const CUSTOM_APP_EXPORT_FORMAT = 'assistant-custom-app';
export const CUSTOM_APP_EXPORT_FORMAT_VERSION = 1;

/**
 * GET /api/custom-apps/{id}/export: the app as a JSON file to keep or share; POST
 * /api/custom-apps/import (201) takes it back as a new personal app of the importing user. It holds
 * the definition only: no id, owner, visibility or version (unknown keys are refused, so a file
 * carrying them is not silently half-read). The definition is checked as a new app's is.
 */
export const customAppExportSchema = z.strictObject({
  ...exportDocumentHead(CUSTOM_APP_EXPORT_FORMAT, CUSTOM_APP_EXPORT_FORMAT_VERSION),
  app: createCustomAppRequestSchema,
});
export type CustomAppExport = z.infer<typeof customAppExportSchema>;
export type CustomAppExportInput = z.input<typeof customAppExportSchema>;
