import assert from 'node:assert/strict';
import { z } from 'zod';

/** Parses and fails the test with zod's issues when the value is refused (zod and zod/mini schemas alike). */
export function accepts<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) assert.fail(`expected the value to parse, got: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** Asserts the value is refused and returns the first issue's message and path. */
export function rejects(schema: z.core.$ZodType, value: unknown): { message: string; path: PropertyKey[]; count: number } {
  const result = z.safeParse(schema, value);
  assert.equal(result.success, false, 'expected the value to be refused');
  const issue = result.error!.issues[0]!;
  return { message: issue.message, path: issue.path, count: result.error!.issues.length };
}

export const UUID_A = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
export const UUID_B = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const UUID_C = '0b7e9a52-1c3d-4e5f-9a6b-7c8d9e0f1a2b';
export const NOW = '2025-06-01T12:00:00Z';
