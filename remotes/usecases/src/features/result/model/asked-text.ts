/** What a run was asked with, as lines ("Title", "name: value", ...): the question a shared rating carries. */
export function askedText(title: string, values: Record<string, string | undefined>): string {
  return [title, ...Object.entries(values).flatMap(([name, value]) => (value ? [`${name}: ${value}`] : []))].join('\n');
}
