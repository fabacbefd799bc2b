import assert from 'node:assert/strict';
import { researchStateSchema, type ResearchState } from '@assistant/contracts';
import type { CollectionsTestApp } from './collections-test-app';

/** Reading a run's state as the employee through the API, and waiting until it is as a test needs. */
export function researchStateReader(app: () => CollectionsTestApp) {
  async function state(id: string): Promise<ResearchState> {
    const response = await app().as('employee', { method: 'GET', url: `/api/research/${id}` });
    assert.equal(response.statusCode, 200, response.body);
    return researchStateSchema.parse(response.json());
  }
  async function until(id: string, done: (s: ResearchState) => boolean, what: string): Promise<ResearchState> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const s = await state(id);
      if (done(s)) return s;
      if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}: ${JSON.stringify(s)}`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  return { state, until };
}
