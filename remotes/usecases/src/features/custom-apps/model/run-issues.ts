import { runValuesSchemaFor, type CustomAppVariable, type RunValues } from '@assistant/contracts';

/**
 * The form's values checked with the contracts' runValuesSchemaFor (the server's check): the
 * values to send, or the message of each wrong variable by name (`''` for the whole form).
 */
export function checkRunValues(
  app: { template: string; variables: readonly CustomAppVariable[] },
  values: Readonly<Record<string, string>>,
): { ok: true; values: RunValues } | { ok: false; errors: Record<string, string> } {
  const known = Object.fromEntries(app.variables.map((variable) => [variable.name, values[variable.name] ?? '']));
  const result = runValuesSchemaFor(app).safeParse(known);
  if (result.success) return { ok: true, values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
