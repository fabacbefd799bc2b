import assert from 'node:assert/strict';
import { collectionSummarySchema } from '@assistant/contracts';
import { makeDocx } from '../../../../tests/fixtures/documents/make-documents';
import type { Database } from '../../db/database';
import { FilesRepository } from '../../db/repositories/files-repository';
import { GroundingTracesRepository } from '../../db/repositories/grounding-traces-repository';
import { ModelProvider } from '../../inference/model-provider';
import { defaultIngestionDependencies } from '../../ingestion/default-dependencies';
import { ingestionJobRunner } from '../../ingestion/ingestion-job';
import { JobRunner } from '../../jobs/job-runner';
import { DEFAULT_RESEARCH_LIMITS, researchJobHandlers, type ResearchLimits } from '../../research/research-jobs';
import { ResearchRepository } from '../../research/research-repository';
import { researchTools } from '../../research/research-tools';
import { createRetriever } from '../../search/retriever';
import { multipart, type CollectionsTestApp } from './collections-test-app';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The research jobs as main.ts registers them (full-text retrieval, and the MCP servers' tools
 * when `mcp` is set), on a fast-polling runner with a short lease, started. The caller stops it.
 */
export function startResearchJobRunner(db: Database, modelUrl: string, options: { limits?: Partial<ResearchLimits>; mcp?: boolean } = {}): JobRunner {
  const limits: ResearchLimits = { ...DEFAULT_RESEARCH_LIMITS, ...options.limits };
  const runner = new JobRunner({
    db,
    handlers: researchJobHandlers({
      research: new ResearchRepository(db),
      traces: new GroundingTracesRepository(db),
      models: new ModelProvider({ baseUrl: modelUrl, timeoutMs: 30_000, logger: quiet }),
      tools: researchTools(
        { db, retriever: createRetriever({ db, storage: { vector: false, vectorVersion: undefined } }), files: new FilesRepository(db), searchMaxCharacters: 4000 },
        options.mcp ? { db, log: quiet } : undefined,
      ),
      limits,
      log: quiet,
      cancelPollMs: 100,
    }),
    pollMs: 20,
    leaseMs: 1500,
    concurrency: 4,
    maxAttempts: limits.maxAttempts + 1,
  });
  runner.start();
  return runner;
}

/** The employee's collection "Policies" with the travel policy (a DOCX), uploaded and ingested. */
export async function uploadTravelPolicy(t: CollectionsTestApp, db: Database): Promise<void> {
  const collection = collectionSummarySchema.parse((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Policies' } })).json());
  const uploaded = await t.as('employee', {
    method: 'POST',
    url: `/api/collections/${collection.id}/files`,
    ...multipart([{ name: 'Travel.docx', content: Buffer.from(makeDocx(['The travel policy applies to every trip. Trips need approval first.'])) }]),
  });
  assert.equal(uploaded.statusCode, 201, uploaded.body);
  await ingestionJobRunner({ db, storage: t.storage, deps: defaultIngestionDependencies }).drain();
}
