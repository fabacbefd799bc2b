import { readFile } from 'node:fs/promises';
import { adminSettingsSchema, type AdminSettings } from '@assistant/contracts';

/** Reads the first-start settings (docs/configuration.md) and says exactly what is wrong with a bad file. */
export async function loadSettingsSeed(file: string): Promise<AdminSettings> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the settings seed ${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = adminSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The settings seed ${file} is invalid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
