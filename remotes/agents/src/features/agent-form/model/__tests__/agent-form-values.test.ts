import type { TFunction } from 'i18next';
import { firstInvalid, parseTemperature, serverFieldErrors, toRequest, emptyValues, promptEntry, validateValues } from '../agent-form-values';

// The keys and values as text, so a test reads which message was chosen.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('agent form values', () => {
  it('reads a temperature as typed: empty is the default, a comma is a decimal point, text is no number', () => {
    expect(parseTemperature('')).toBeUndefined();
    expect(parseTemperature(' 0,7 ')).toBe(0.7);
    expect(parseTemperature('1.')).toBe(1);
    expect(parseTemperature('-1')).toBe(-1);
    expect(parseTemperature('warm')).toBeNaN();
  });

  it('checks each field with the contract and names the field of each message', () => {
    const values = { ...emptyValues(), temperature: '-1', starter_prompts: [promptEntry('A'), promptEntry(' a ')] };
    const errors = validateValues(values, t);
    expect(errors).toEqual({
      name: 'form.errors.empty',
      instructions: 'form.errors.empty',
      temperature: 'form.errors.belowZero',
      'starter_prompts.1': 'form.errors.repeated',
    });
    expect(firstInvalid(errors)).toEqual({ field: 'name' });
    expect(firstInvalid({ 'starter_prompts.3': 'x', 'starter_prompts.1': 'y', tools: 'z' })).toEqual({ field: 'starter_prompts', index: 1 });
  });

  it('sends trimmed text and leaves out the default model and temperature', () => {
    const values = { ...emptyValues(), name: ' A ', instructions: ' B ', starter_prompts: [promptEntry(' Hi ')] };
    expect(toRequest(values)).toEqual({
      name: 'A',
      description: '',
      instructions: 'B',
      starter_prompts: ['Hi'],
      collection_ids: [],
      tools: [],
      server_ids: [],
      icon: 'bot',
    });
  });

  it('places the server’s issues at the form’s fields', () => {
    expect(
      serverFieldErrors([
        { path: ['body', 'model_id'], message: 'Not on offer' },
        { path: ['body', 'starter_prompts', 2], message: 'Empty' },
        { path: ['body', 'server_ids', 0], message: 'Not registered' },
        { path: ['body', 'unknown'], message: 'ignored' },
      ]),
    ).toEqual({ model_id: 'Not on offer', 'starter_prompts.2': 'Empty', server_ids: 'Not registered' });
  });
});
