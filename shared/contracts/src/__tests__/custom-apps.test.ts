import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CUSTOM_APP_RUN_MAX_CHARACTERS,
  createCustomAppRequestSchema,
  customAppConflictSchema,
  customAppCopyName,
  customAppExportSchema,
  customAppSchema,
  customAppVersionParamsSchema,
  duplicateCustomAppRequestSchema,
  fillTemplate,
  runCustomAppRequestSchema,
  runValuesSchemaFor,
  templatePlaceholders,
  templateVariableNames,
  updateCustomAppRequestSchema,
} from '../custom-apps';
import { NOW, UUID_A, accepts, rejects } from './helpers';

const definition = {
  name: 'Meeting invitation',
  icon: 'mail',
  description: 'Writes an invitation',
  template: 'Write an invitation to {{topic}} for {{ audience }} in a {{tone}} tone, at most {{words}} words, for {{day}}.\n{{notes}}',
  variables: [
    { name: 'topic', label: 'Topic', kind: 'short_text' },
    { name: 'audience', label: 'Who is invited', kind: 'long_text', max_length: 300 },
    { name: 'tone', label: 'Tone', kind: 'choice', options: ['formal', 'friendly'] },
    { name: 'words', label: 'Words', kind: 'number', min: 50, max: 400 },
    { name: 'day', label: 'Day', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'long_text', required: false },
  ],
};

/** Every issue as "path: message". */
function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): string[] {
  assert.equal(result.success, false, 'expected the value to be refused');
  return result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('custom apps: definition', () => {
  it('accepts a definition with every kind of variable and fills the defaults', () => {
    const app = accepts(createCustomAppRequestSchema, { ...definition, name: '  Meeting invitation ' });
    assert.equal(app.name, 'Meeting invitation');
    assert.deepEqual(app.variables[0], { name: 'topic', label: 'Topic', kind: 'short_text', required: true, max_length: 200 });
    assert.deepEqual(app.variables[5], { name: 'notes', label: 'Notes', kind: 'long_text', required: false, max_length: 5000 });
    const { description: _description, ...withoutDescription } = definition;
    assert.equal(accepts(createCustomAppRequestSchema, withoutDescription).description, '');
    accepts(createCustomAppRequestSchema, { name: 'No form', icon: 'sparkles', template: 'Tell me a joke.' });
  });

  it('names an undeclared placeholder, an unused declaration and an invalid placeholder', () => {
    const undeclared = issuesOf(createCustomAppRequestSchema.safeParse({ ...definition, template: `${definition.template} {{signature}}` }));
    assert.deepEqual(undeclared, ['template: {{signature}} is used in the template but no variable "signature" is declared']);

    const unused = issuesOf(createCustomAppRequestSchema.safeParse({ ...definition, template: definition.template.replace('{{notes}}', '') }));
    assert.deepEqual(unused, ['variables.5.name: Variable "notes" is declared but not used in the template; write {{notes}} where its value goes']);

    const invalid = issuesOf(createCustomAppRequestSchema.safeParse({ ...definition, template: `${definition.template} {{due-date}}` }));
    assert.deepEqual(invalid, ['template: {{due-date}} is not a valid placeholder: write {{name}} with a variable name of letters, digits and _']);
  });

  it('refuses duplicate and non-identifier names, bad choices and number bounds, all at once', () => {
    const issues = issuesOf(
      createCustomAppRequestSchema.safeParse({
        name: 'Broken',
        icon: 'rocket',
        template: 'Hello {{a}} {{b}}',
        variables: [
          { name: 'a', label: 'A', kind: 'choice', options: ['Yes'] },
          { name: 'a', label: 'A again', kind: 'short_text' },
          { name: 'b', label: 'B', kind: 'choice', options: ['Yes', ' yes '] },
          { name: '2nd', label: 'Second', kind: 'number', min: 5, max: 1 },
          { name: 'c', label: 'C', kind: 'colour' },
        ],
      }),
    );
    assert.ok(issues.some((issue) => issue.startsWith('icon: Must be one of sparkles, document, mail')));
    assert.ok(issues.includes('variables.0.options: Must offer at least 2 options'));
    assert.ok(issues.includes('variables.1.name: Another variable is already named "a"'));
    assert.ok(issues.includes('variables.2.options.1: Option "yes" is offered twice'));
    assert.ok(issues.includes('variables.3.name: Must be a name of letters, digits and _ that does not start with a digit, such as topic or due_date'));
    assert.ok(issues.includes('variables.3.min: Must not be above max (1)'));
    assert.ok(issues.includes('variables.4.kind: Must be one of short_text, long_text, choice, number, date'));

    const many = Array.from({ length: 21 }, (_, i) => `option ${i}`);
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, variables: [{ ...definition.variables[2], options: many }, ...definition.variables.slice(0, 2), ...definition.variables.slice(3)] }).message, 'Must not offer more than 20 options');
  });

  it('refuses options on a kind without them, unknown fields, and limits on counts and lengths', () => {
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, variables: [{ ...definition.variables[0], options: ['a', 'b'] }] }).message, 'Unrecognized key: "options"');
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, visibility: 'company' }).message, 'Unrecognized key: "visibility"');
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, name: 'x'.repeat(81) }).message, 'Must not be longer than 80 characters');
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, template: '   ' }).message, 'Must not be empty');
    assert.equal(rejects(createCustomAppRequestSchema, { ...definition, variables: [{ ...definition.variables[0], max_length: 501 }] }).message, 'Must not be above 500');
    const twentyOne = Array.from({ length: 21 }, (_, i) => ({ name: `v${i}`, label: `V${i}`, kind: 'date' }));
    const tooMany = issuesOf(createCustomAppRequestSchema.safeParse({ ...definition, template: twentyOne.map((v) => `{{${v.name}}}`).join(' '), variables: twentyOne }));
    assert.deepEqual(tooMany, ['variables: Must not declare more than 20 variables']);
  });

  it('an update names the version it is based on', () => {
    assert.equal(accepts(updateCustomAppRequestSchema, { ...definition, version: 3 }).version, 3);
    assert.deepEqual(rejects(updateCustomAppRequestSchema, definition).path, ['version']);
    assert.equal(rejects(updateCustomAppRequestSchema, { ...definition, version: 0 }).message, 'Must not be below 1');
  });

  it('accepts a stored app and a conflict carrying it', () => {
    const stored = {
      ...accepts(createCustomAppRequestSchema, definition),
      id: UUID_A,
      visibility: 'personal',
      version: 2,
      can_edit: true,
      created_at: NOW,
      updated_at: NOW,
    };
    accepts(customAppSchema, stored);
    accepts(customAppConflictSchema, { statusCode: 409, error: 'Conflict', message: 'stale', code: 'conflict', current: stored });
  });
});

describe('custom apps: placeholders and fillTemplate', () => {
  it('lists placeholders in order and the distinct valid names', () => {
    assert.deepEqual(templatePlaceholders('{{a}} {{ b }} {{a}} {{c d}}').map((p) => [p.name, p.valid]), [
      ['a', true],
      ['b', true],
      ['a', true],
      ['c d', false],
    ]);
    assert.deepEqual(templateVariableNames('{{a}} {{ b }} {{a}} {{c d}}'), ['a', 'b']);
  });

  it('inserts values as given, numbers as written, nothing for empty ones, and keeps unknown placeholders', () => {
    assert.equal(fillTemplate('To {{to}} ({{ n }}x), {{empty}}{{nil}}|{{missing}}', { to: 'Anna', n: 2.5, empty: undefined, nil: null }), 'To Anna (2.5x), |{{missing}}');
  });

  it('fills in one pass: a value holding a placeholder is inserted literally', () => {
    assert.equal(fillTemplate('{{a}} and {{b}}', { a: '{{b}}', b: 'B' }), '{{b}} and B');
    assert.equal(fillTemplate('{{a}}', { a: '$& $1 $$' }), '$& $1 $$');
  });
});

describe('custom apps: run values', () => {
  const app = accepts(createCustomAppRequestSchema, definition);
  const schema = runValuesSchemaFor(app);
  const good = { topic: '  Summer party ', audience: 'The whole team', tone: 'friendly', words: '120', day: '2025-07-04' };

  it('accepts the form: trims text, reads numbers from text, leaves out empty optional values', () => {
    assert.deepEqual(accepts(schema, { ...good, notes: '  ' }), { topic: 'Summer party', audience: 'The whole team', tone: 'friendly', words: 120, day: '2025-07-04' });
    assert.deepEqual(accepts(schema, { ...good, notes: null, words: 50 }).words, 50);
    assert.equal(accepts(schema, { ...good, notes: 'Bring food' }).notes, 'Bring food');
  });

  it('names each wrong value by its variable', () => {
    assert.deepEqual(issuesOf(schema.safeParse({ audience: ' ', tone: 'rude', words: 10, day: '2025-02-30', extra: 'x' })), [
      'topic: Must be filled in',
      'audience: Must be filled in',
      'tone: Must be one of formal, friendly',
      'words: Must not be below 50',
      'day: Must be a date written YYYY-MM-DD, such as 2025-06-30',
      'extra: This app has no variable of this name',
    ]);
    assert.deepEqual(issuesOf(schema.safeParse({ ...good, topic: 'two\nlines', audience: 'x'.repeat(301), words: 'many' })), [
      'topic: Must be one line',
      'audience: Must not be longer than 300 characters',
      'words: Must be a number',
    ]);
    assert.deepEqual(issuesOf(schema.safeParse({ ...good, words: 401, day: 20250704 })), ['words: Must not be above 400', 'day: Must be text']);
  });

  it('refuses a filled template longer than the limit', () => {
    const long = accepts(createCustomAppRequestSchema, {
      name: 'Long',
      icon: 'document',
      template: '{{a}} {{b}} {{c}}',
      variables: ['a', 'b', 'c'].map((name) => ({ name, label: name, kind: 'long_text', max_length: 20_000 })),
    });
    const text = 'x'.repeat(15_000);
    assert.deepEqual(issuesOf(runValuesSchemaFor(long).safeParse({ a: text, b: text, c: text })), [
      `: The filled-in template must not be longer than ${CUSTOM_APP_RUN_MAX_CHARACTERS} characters (it has 45002)`,
    ]);
  });

  it('the request body holds the values by name', () => {
    assert.deepEqual(accepts(runCustomAppRequestSchema, {}), { values: {} });
    assert.equal(rejects(runCustomAppRequestSchema, { values: [] }).message, 'Must be an object of values by variable name');
    assert.equal(rejects(runCustomAppRequestSchema, { values: {}, stream: true }).message, 'Unrecognized key: "stream"');
  });
});

describe('custom apps: versions, copies and the export file', () => {
  const file = { format: 'assistant-custom-app', format_version: 1, exported_at: NOW, app: definition };

  it('reads an export file with the definition checked as a new app is, defaults applied', () => {
    const parsed = accepts(customAppExportSchema, file);
    assert.deepEqual(parsed.app.variables[0], { name: 'topic', label: 'Topic', kind: 'short_text', required: true, max_length: 200 });
    assert.equal(parsed.app.description, 'Writes an invitation');
  });

  it('refuses a file of another kind, a newer format, extra keys such as an owner, and a broken definition', () => {
    assert.deepEqual(issuesOf(customAppExportSchema.safeParse({ ...file, format: 'assistant-agent' })), ['format: Must be "assistant-custom-app"']);
    assert.deepEqual(issuesOf(customAppExportSchema.safeParse({ ...file, format_version: 2 })), ['format_version: Must be 1']);
    assert.deepEqual(issuesOf(customAppExportSchema.safeParse({ ...file, owner_id: 'someone' })), [': Unrecognized key: "owner_id"']);
    assert.deepEqual(issuesOf(customAppExportSchema.safeParse({ ...file, app: { ...definition, template: 'Only {{topic}}' } })).length, 5);
  });

  it('names a copy in the user\'s language and cuts a long name to fit', () => {
    assert.equal(customAppCopyName('Invitation', 'de'), 'Invitation (Kopie)');
    assert.equal(customAppCopyName('Invitation', 'en'), 'Invitation (copy)');
    assert.equal(customAppCopyName('x'.repeat(80), 'de'), `${'x'.repeat(72)} (Kopie)`);
    // Cut inside a run of spaces: no double space before the suffix.
    assert.equal(customAppCopyName(`${'x'.repeat(70)}   yyyyy`, 'de'), `${'x'.repeat(70)} (Kopie)`);
  });

  it('takes a duplicate without a body as German, and version numbers from the path', () => {
    assert.deepEqual(accepts(duplicateCustomAppRequestSchema, null), { language: 'de' });
    assert.deepEqual(accepts(duplicateCustomAppRequestSchema, { language: 'en' }), { language: 'en' });
    assert.equal(rejects(duplicateCustomAppRequestSchema, { language: 'fr' }).path.join('.'), 'language');
    assert.equal(accepts(customAppVersionParamsSchema, { id: UUID_A, version: '3' }).version, 3);
    assert.equal(rejects(customAppVersionParamsSchema, { id: UUID_A, version: '0' }).path.join('.'), 'version');
  });
});
