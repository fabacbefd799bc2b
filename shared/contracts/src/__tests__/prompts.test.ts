import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROMPT_TEXT_MAX_LENGTH, createPromptRequestSchema, promptPlaceholders, promptVariables } from '../prompts';

describe('prompts', () => {
  it('finds the variables as a custom app’s template does: each valid name once, in order', () => {
    const text = 'Dear {{ name }}, about {{topic}}: {{name}} and {{ user.name }} and {{}}.';
    assert.deepEqual(promptVariables(text), ['name', 'topic']);
  });

  it('places every valid placeholder exactly, repeats included', () => {
    const text = 'A {{x}} b {{ y }} c {{x}} {{not valid}} {{z}}';
    const found = promptPlaceholders(text);
    assert.deepEqual(
      found.map((p) => [p.name, text.slice(p.start, p.end)]),
      [
        ['x', '{{x}}'],
        ['y', '{{ y }}'],
        ['x', '{{x}}'],
        ['z', '{{z}}'],
      ],
    );
    assert.equal(found[2]!.start, text.lastIndexOf('{{x}}'));
    assert.deepEqual(promptPlaceholders('no variables'), []);
  });

  it('takes a title and a text, trimmed, and refuses empty, too long and unknown fields', () => {
    assert.deepEqual(createPromptRequestSchema.parse({ title: ' Hi ', text: ' Text\n' }), { title: 'Hi', text: 'Text' });
    assert.equal(createPromptRequestSchema.safeParse({ title: ' ', text: 'x' }).success, false);
    assert.equal(createPromptRequestSchema.safeParse({ title: 'x', text: 'y'.repeat(PROMPT_TEXT_MAX_LENGTH + 1) }).success, false);
    assert.equal(createPromptRequestSchema.safeParse({ title: 'x', text: 'y', owner: 'me' }).success, false);
  });
});
