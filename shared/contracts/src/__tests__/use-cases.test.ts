import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  GENERATE_FIELD_REQUIRED,
  GENERATE_FIELD_UNKNOWN,
  GENERATE_TEMPLATE_IDS,
  GENERATE_TEMPLATES,
  SUMMARIZE_MAX_CHARACTERS,
  SUMMARIZE_ONE_SOURCE,
  generateFieldIssues,
  generateRequestSchema,
  generateTemplate,
  summarizeRequestSchema,
} from '../use-cases';
import { UUID_A, accepts, rejects } from './helpers';

describe('summarize request', () => {
  it('takes pasted text with defaults for length, form and language', () => {
    assert.deepEqual(accepts(summarizeRequestSchema, { text: 'Ein Text.' }), { text: 'Ein Text.', length: 'medium', form: 'key_points', language: 'de' });
    const document = accepts(summarizeRequestSchema, { file_id: UUID_A, length: 'short', form: 'decisions_and_actions', language: 'en' });
    assert.equal(document.file_id, UUID_A);
  });

  it('wants exactly one of text and file_id', () => {
    assert.equal(rejects(summarizeRequestSchema, {}).message, SUMMARIZE_ONE_SOURCE);
    assert.equal(rejects(summarizeRequestSchema, { text: 'a', file_id: UUID_A }).message, SUMMARIZE_ONE_SOURCE);
  });

  it('refuses unknown options, empty and too long text', () => {
    assert.deepEqual(rejects(summarizeRequestSchema, { text: 'a', form: 'poem' }).path, ['form']);
    assert.deepEqual(rejects(summarizeRequestSchema, { text: '  ' }).path, ['text']);
    assert.deepEqual(rejects(summarizeRequestSchema, { text: 'x'.repeat(SUMMARIZE_MAX_CHARACTERS + 1) }).path, ['text']);
    assert.deepEqual(rejects(summarizeRequestSchema, { text: 'a', extra: 1 }).path, []);
  });
});

describe('generate templates', () => {
  it('has at least e-mail, letter, meeting minutes and job posting, each with a required field and labels in both languages', () => {
    for (const id of ['email', 'letter', 'meeting_minutes', 'job_posting']) assert.ok(GENERATE_TEMPLATE_IDS.includes(id as never), id);
    for (const template of Object.values(GENERATE_TEMPLATES)) {
      assert.equal(generateTemplate(template.id), template);
      assert.ok(template.fields.some((field) => field.required), template.id);
      const names = template.fields.map((field) => field.name);
      assert.equal(new Set(names).size, names.length, `${template.id}: field names are unique`);
      for (const field of template.fields) {
        assert.ok(field.label.de && field.label.en && field.max_length > 0, `${template.id}.${field.name}`);
        if (field.kind === 'choice') assert.ok('options' in field && field.options.length > 0);
      }
    }
    assert.equal(generateTemplate('toString'), undefined);
  });

  it('names each wrong field of a request: missing required, too long, unknown, not an option', () => {
    const email = GENERATE_TEMPLATES.email;
    assert.deepEqual(generateFieldIssues(email, { recipient: ' ', purpose: 'x'.repeat(2_001), tone: 'rude', cc: 'x' }), [
      { field: 'cc', message: GENERATE_FIELD_UNKNOWN },
      { field: 'recipient', message: GENERATE_FIELD_REQUIRED },
      { field: 'purpose', message: 'Must not be longer than 2000 characters' },
      { field: 'tone', message: 'Must be one of formal, neutral, friendly' },
    ]);
    assert.deepEqual(generateFieldIssues(email, { recipient: 'Team', purpose: 'Einladung' }), []);
  });

  it('validates a request against its template, issues at fields.<name>', () => {
    const ok = accepts(generateRequestSchema, { template: 'letter', fields: { recipient: 'Frau Muster', subject: 'Angebot', content: 'Preis 10 €' } });
    assert.equal(ok.language, 'de');
    const missing = rejects(generateRequestSchema, { template: 'job_posting', fields: { job_title: 'Entwickler', responsibilities: 'Code' }, language: 'en' });
    assert.deepEqual([missing.path, missing.message], [['fields', 'requirements'], GENERATE_FIELD_REQUIRED]);
    assert.deepEqual(rejects(generateRequestSchema, { template: 'poem', fields: {} }).path, ['template']);
  });
});
