import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RetentionPolicy } from '@assistant/contracts';
import { sql } from 'kysely';
import { AuditLog } from '../../audit/audit-log';
import type { Database, DatabaseHandle } from '../../db/database';
import { FileStorage } from '../../ingestion/file-storage';
import { JobRunner } from '../../jobs/job-runner';
import { testDatabaseTargets } from '../../testing/test-databases';
import { until } from '../../testing/until';
import { FileRemovals } from '../file-removals';
import { RetentionScheduler, retentionJobHandler, retentionJobRunner } from '../retention-job';
import { FOREVER, RetentionPolicyRepository, effectiveRetention } from '../retention-policy';
import { RETENTION_JOB_KIND, RetentionRuns } from '../retention-runs';

const DAY = 24 * 60 * 60_000;
const T0 = new Date();
const daysAgo = (days: number) => new Date(T0.getTime() - days * DAY);

/** Who is in which group (as the directory saw them at sign-in). */
const MEMBERS: Record<string, string[]> = { maria: ['/finance'], tom: ['/finance', '/short'], sam: ['/sales'] };

function policyOf(defaults: Partial<RetentionPolicy['defaults']>, groups: RetentionPolicy['groups'] = []): RetentionPolicy {
  return { defaults: { ...FOREVER.defaults, ...defaults }, groups };
}

/** A conversation with everything that can hang off it: messages, event log, sources, research, canvas, an attachment with passages, vectors and bytes, a snapshot and a share. */
async function seedConversation(db: Database, storage: FileStorage, owner: string, at: Date): Promise<{ id: string; storageKey: string }> {
  const id = randomUUID();
  await db.insertInto('conversations').values({ id, owner_id: owner, name: `Talk of ${owner}`, created_at: at, updated_at: at }).execute();
  const messageId = randomUUID();
  await db.insertInto('messages').values({ message_id: messageId, conversation_id: id, parent_message_id: null, role: 'user', content: 'Secret question', status: 'complete', model: null, reasoning: null, created_at: at }).execute();
  await db.insertInto('message_event_logs').values({ message_id: messageId, conversation_id: id, events: '{}\n' }).execute();
  await db
    .insertInto('grounding_traces')
    .values({ id: randomUUID(), owner_id: owner, kind: 'chat', question: 'q', answer: 'a', model: 'm', windows: '[]', conversation_id: id, message_id: messageId, created_at: at })
    .execute();
  const researchId = randomUUID();
  await db
    .insertInto('research_runs')
    .values({ id: researchId, owner_id: owner, conversation_id: id, user_message_id: null, assistant_message_id: null, question: 'q', model: null, status: 'completed', stage: 'end', clarification_question: null, clarification_answer: null, title: null, report: 'r', trace_id: null, job_id: null, error: null, created_at: at, updated_at: at })
    .execute();
  await db.insertInto('research_events').values({ research_id: researchId, seq: 1, event: '{}' }).execute();
  const canvasId = randomUUID();
  await db.insertInto('canvases').values({ id: canvasId, owner_id: owner, conversation_id: id, title: 'c', version: 1, created_at: at, updated_at: at }).execute();
  await db.insertInto('canvas_versions').values({ canvas_id: canvasId, version: 1, author: 'user', instruction: null, restored_from: null, markdown: '# c', characters: 3 }).execute();
  const collectionId = randomUUID();
  await db.insertInto('collections').values({ id: collectionId, scope: 'conversation', owner_id: owner, conversation_id: id, name: 'Chat attachments', created_at: at, updated_at: at }).execute();
  const storageKey = await seedFile(db, storage, collectionId, owner, at);
  await db.insertInto('conversation_snapshots').values({ conversation_id: id, owner_sub: owner, local_conversation_id: null, title: 't', messages: '[]', include_attachments: false }).execute();
  await db.insertInto('shares').values({ id: randomUUID(), item_kind: 'conversation', item_id: id, target_type: 'group', target_id: '/finance', role: 'view', shared_by: owner }).execute();
  return { id, storageKey };
}

/** A file with its bytes on disk, a page, a passage and (where pgvector is) its vector. */
async function seedFile(db: Database, storage: FileStorage, collectionId: string, owner: string, at: Date): Promise<string> {
  const fileId = randomUUID();
  const storageKey = randomUUID();
  writeFileSync(storage.path(storageKey), 'bytes');
  await db
    .insertInto('files')
    .values({ id: fileId, collection_id: collectionId, name: `report-${fileId}.pdf`, version: 1, media_type: 'application/pdf', size: 5, storage_key: storageKey, created_by: owner, status: 'processed', created_at: at, updated_at: at })
    .execute();
  await db.insertInto('document_pages').values({ file_id: fileId, page_number: 1, text: 'hello', wordcount: 1 }).execute();
  const passageId = randomUUID();
  await sql`insert into passages (id, file_id, collection_id, page_number, start_offset, end_offset, text, language, tsv)
    values (${passageId}, ${fileId}, ${collectionId}, 1, 0, 5, 'hello', 'simple', to_tsvector('simple', 'hello'))`.execute(db);
  if (await hasVectors(db)) {
    await sql`insert into passage_embeddings (passage_id, collection_id, file_id, model, dims, embedding) values (${passageId}, ${collectionId}, ${fileId}, 'm', 3, '[1,0,0]'::vector)`.execute(db);
  }
  return storageKey;
}

async function hasVectors(db: Database): Promise<boolean> {
  const { rows } = await sql<{ t: string | null }>`select to_regclass('passage_embeddings')::text as t`.execute(db);
  return Boolean(rows[0]?.t);
}

async function count(db: Database, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0]!.n);
}

/** Rows of every table that hangs off a conversation. */
async function leftOf(db: Database, conversationId: string) {
  const byConversation = sql`conversation_id = ${conversationId}`;
  return {
    conversations: await count(db, 'conversations', sql`id = ${conversationId}`),
    messages: await count(db, 'messages', byConversation),
    event_logs: await count(db, 'message_event_logs', byConversation),
    traces: await count(db, 'grounding_traces', byConversation),
    research: await count(db, 'research_events', sql`research_id in (select id from research_runs where conversation_id = ${conversationId})`),
    canvases: await count(db, 'canvas_versions', sql`canvas_id in (select id from canvases where conversation_id = ${conversationId})`),
    files: await count(db, 'files', sql`collection_id in (select id from collections where conversation_id = ${conversationId})`),
    passages: await count(db, 'passages', sql`collection_id in (select id from collections where conversation_id = ${conversationId})`),
    snapshots: await count(db, 'conversation_snapshots', byConversation),
    shares: await count(db, 'shares', sql`item_id = ${conversationId}`),
  };
}

for (const target of testDatabaseTargets()) {
  describe(`retention job on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let db: Database;
    let dataDir: string;
    let storage: FileStorage;
    let policies: RetentionPolicyRepository;
    let audit: AuditLog;
    /** The job's clock: tests move it forward. */
    let now = T0;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
      storage = new FileStorage(dataDir);
      mkdirSync(storage.root, { recursive: true });
    });
    after(() => rmSync(dataDir, { recursive: true, force: true }));

    /** A fresh database with the directory's members, for each test. */
    async function open(): Promise<void> {
      handle = await target.open();
      db = handle.db;
      audit = new AuditLog(db);
      policies = new RetentionPolicyRepository(db, audit);
      now = T0;
      for (const [sub, groups] of Object.entries(MEMBERS)) {
        await db.insertInto('directory_users').values({ sub, name: sub, email: null }).execute();
        for (const group of groups) {
          await db.insertInto('directory_groups').values({ id: group }).onConflict((oc) => oc.column('id').doNothing()).execute();
          await db.insertInto('group_members').values({ group_id: group, user_sub: sub }).execute();
        }
      }
    }

    function services(batchSize?: number) {
      const runs = new RetentionRuns(db, policies, audit, () => now);
      const files = new FileRemovals(db, storage);
      return { runs, files, options: { db, runs, files, ...(batchSize ? { batchSize } : {}) } };
    }

    /** Starts a run at the clock's time and works it to its end on one runner. */
    async function runNow(batchSize?: number) {
      const { runs, options } = services(batchSize);
      const { run } = await runs.start('admin');
      await retentionJobRunner(options).drain();
      return (await runs.list()).find((listed) => listed.id === run.id)!;
    }

    it('deletes an old conversation with all that hangs off it, files on disk included, keeps a newer one, and deletes that too once the clock moved on', async (t) => {
      await open();
      t.after(() => handle.close());
      const old = await seedConversation(db, storage, 'maria', daysAgo(40));
      const recent = await seedConversation(db, storage, 'maria', daysAgo(1));
      await policies.write(policyOf({ conversations: 30 }), 'admin');

      const run = await runNow();
      assert.equal(run.status, 'done');
      assert.deepEqual(run.deleted, { conversations: 1 });
      const gone = await leftOf(db, old.id);
      assert.deepEqual(Object.values(gone), Object.values(gone).map(() => 0), JSON.stringify(gone));
      assert.equal(existsSync(storage.path(old.storageKey)), false, 'the bytes are gone');
      if (await hasVectors(db)) assert.equal(await count(db, 'passage_embeddings'), 1, 'only the kept conversation keeps its vector');
      const kept = await leftOf(db, recent.id);
      assert.ok(Object.values(kept).every((n) => n === 1), JSON.stringify(kept));
      assert.equal(existsSync(storage.path(recent.storageKey)), true);
      assert.equal(await count(db, 'file_removals'), 0);
      const recorded = await db.selectFrom('audit_log').select(['actor_sub', 'subject_id', 'after']).where('action', '=', 'retention.run').execute();
      assert.deepEqual(recorded, [{ actor_sub: 'admin', subject_id: run.id, after: { status: 'done', deleted: { conversations: 1 } } }]);

      now = new Date(T0.getTime() + 60 * DAY);
      assert.deepEqual((await runNow()).deleted, { conversations: 1 });
      assert.equal(await count(db, 'conversations'), 0);
      assert.equal(existsSync(storage.path(recent.storageKey)), false);
    });

    it('applies the shortest retention of the default and the user’s groups; forever keeps', async (t) => {
      await open();
      t.after(() => handle.close());
      const groups: RetentionPolicy['groups'] = [
        { group_id: '/finance', days: { conversations: 10 } },
        { group_id: '/short', days: { conversations: 5 } },
        { group_id: '/sales', days: { conversations: null } },
      ];
      const maria = await seedConversation(db, storage, 'maria', daysAgo(7));
      const tom = await seedConversation(db, storage, 'tom', daysAgo(7));
      const sam = await seedConversation(db, storage, 'sam', daysAgo(1000));
      await policies.write(policyOf({}, groups), 'admin');
      assert.equal(effectiveRetention(await policies.read(), MEMBERS.tom!).conversations, 5);
      assert.equal(effectiveRetention(await policies.read(), MEMBERS.sam!).conversations, null);

      assert.deepEqual((await runNow()).deleted, { conversations: 1 });
      assert.deepEqual([await count(db, 'conversations', sql`id = ${maria.id}`), await count(db, 'conversations', sql`id = ${tom.id}`)], [1, 0], 'finance keeps 10 days, tom is also in /short (5)');
      assert.equal(await count(db, 'conversations', sql`id = ${sam.id}`), 1, 'no policy for sales: forever');

      // A default of 30 days: the group's "forever" keeps no longer than that (the shortest applies).
      await policies.write(policyOf({ conversations: 30 }, groups), 'admin');
      assert.equal(effectiveRetention(await policies.read(), MEMBERS.sam!).conversations, 30);
      assert.deepEqual((await runNow()).deleted, { conversations: 1 });
      assert.equal(await count(db, 'conversations', sql`id = ${sam.id}`), 0);
      assert.equal(await count(db, 'conversations', sql`id = ${maria.id}`), 1);
    });

    it('deletes each kind by its own age: attachments of a kept conversation, traces, research runs, canvases, usage details, the audit log', async (t) => {
      await open();
      t.after(() => handle.close());
      const conversation = await seedConversation(db, storage, 'maria', daysAgo(1));
      // The conversation is new, but it holds an old attachment and old traces, runs and canvases of its own.
      const [collection] = await db.selectFrom('collections').select('id').where('conversation_id', '=', conversation.id).execute();
      const oldKey = await seedFile(db, storage, collection!.id, 'maria', daysAgo(20));
      await db.insertInto('grounding_traces').values({ id: randomUUID(), owner_id: 'maria', kind: 'qa', question: 'q', answer: 'a', model: 'm', windows: '[]', conversation_id: null, message_id: null, created_at: daysAgo(20) }).execute();
      await db
        .insertInto('research_runs')
        .values({ id: randomUUID(), owner_id: 'sam', conversation_id: null, user_message_id: null, assistant_message_id: null, question: 'q', model: null, status: 'completed', stage: 'end', clarification_question: null, clarification_answer: null, title: null, report: null, trace_id: null, job_id: null, error: null, created_at: daysAgo(20), updated_at: daysAgo(20) })
        .execute();
      await db.insertInto('canvases').values({ id: randomUUID(), owner_id: 'tom', conversation_id: conversation.id, title: 'old', version: 1, created_at: daysAgo(20), updated_at: daysAgo(20) }).execute();
      await sql`insert into usage_events (at, user_sub, feature, model, input_tokens, output_tokens) values (${daysAgo(400)}, 'maria', 'chat', 'm', 1, 1), (${daysAgo(1)}, 'maria', 'chat', 'm', 1, 1)`.execute(db);
      await audit.record({ actor: 'maria', action: 'share.add', subjectKind: 'agent', subjectId: 'a' });
      await db.transaction().execute(async (trx) => {
        // An old record, as if written long ago (the append-only trigger refuses changes; only retention may delete).
        await sql`insert into audit_log (at, actor_sub, action, subject_kind, subject_id) values (${daysAgo(800)}, 'maria', 'share.add', 'agent', 'old')`.execute(trx);
      });
      await policies.write(policyOf({ chat_attachments: 10, qa_traces: 10, research_runs: 10, canvases: 10, usage_details: 365, audit_log: 730 }), 'admin');

      const run = await runNow();
      assert.deepEqual(run.deleted, { chat_attachments: 1, qa_traces: 1, research_runs: 1, canvases: 1, usage_details: 1, audit_log: 1 });
      assert.equal(existsSync(storage.path(oldKey)), false);
      assert.equal(existsSync(storage.path(conversation.storageKey)), true);
      assert.ok(Object.values(await leftOf(db, conversation.id)).every((n) => n === 1));
      assert.equal(await count(db, 'usage_events'), 1);
      assert.equal(await count(db, 'audit_log', sql`subject_id = 'old'`), 0);
      assert.equal(await count(db, 'audit_log', sql`subject_id = 'a'`), 1);
      await assert.rejects(sql`delete from audit_log where subject_id = 'a'`.execute(db), 'outside retention the audit log stays append-only');
    });

    it('deletes in batches; a run stopped after some batches is resumed by another runner and ends with the right totals', async (t) => {
      await open();
      t.after(() => handle.close());
      for (let i = 0; i < 23; i += 1) await db.insertInto('conversations').values({ id: randomUUID(), owner_id: 'maria', name: `old ${i}`, created_at: daysAgo(50), updated_at: daysAgo(50) }).execute();
      await seedConversation(db, storage, 'maria', daysAgo(1));
      await policies.write(policyOf({ conversations: 30 }), 'admin');
      const { runs, options } = services(5);
      const { run } = await runs.start(null);

      let batches = 0;
      const first: JobRunner = retentionJobRunner({
        ...options,
        leaseMs: 300,
        pollMs: 20,
        log: {
          info() {},
          warn() {},
          error() {},
          // The process is stopped right after its second batch committed.
          debug() {
            if (++batches === 2) void first.stop();
          },
        },
      });
      first.start();
      await until(async () => batches >= 2);
      await first.stop();
      const halfway = (await runs.list())[0]!;
      assert.equal(halfway.status, 'running');
      assert.deepEqual(halfway.deleted, { conversations: 10 });
      assert.equal(await count(db, 'conversations'), 14);

      const second = retentionJobRunner({ ...options, leaseMs: 300, pollMs: 20 });
      second.start();
      await until(async () => (await runs.list())[0]?.status === 'done');
      await second.stop();
      const done = (await runs.list())[0]!;
      assert.equal(done.id, run.id);
      assert.deepEqual(done.deleted, { conversations: 23 });
      assert.equal(await count(db, 'conversations'), 1);
      assert.equal(await count(db, 'audit_log', sql`action = 'retention.run'`), 1);
      assert.equal(await count(db, 'jobs', sql`kind = ${RETENTION_JOB_KIND} and status = 'completed' and attempts = 2`), 1);
    });

    it('runs on one replica at a time: two schedulers start one run, two runners never work on it at once', async (t) => {
      await open();
      t.after(() => handle.close());
      for (let i = 0; i < 12; i += 1) await db.insertInto('conversations').values({ id: randomUUID(), owner_id: 'tom', name: `old ${i}`, created_at: daysAgo(50), updated_at: daysAgo(50) }).execute();
      await policies.write(policyOf({ conversations: 30 }), 'admin');
      let active = 0;
      let most = 0;
      const replica = () => {
        const { runs, options } = services(2);
        const handler = retentionJobHandler(options);
        const runner = new JobRunner({
          db,
          pollMs: 10,
          handlers: {
            [RETENTION_JOB_KIND]: {
              async run(job) {
                most = Math.max(most, ++active);
                try {
                  return await handler.run(job);
                } finally {
                  active -= 1;
                }
              },
            },
          },
        });
        return { runs, runner, scheduler: new RetentionScheduler({ runs, hour: 3, nudge: () => runner.nudge(), now: () => now }) };
      };
      const replicas = [replica(), replica()];
      const started = await Promise.all(replicas.map((r) => r.scheduler.tick()));
      assert.deepEqual(started.sort(), [false, true], 'the day’s run starts once');
      const asked = await replicas[1]!.runs.start('admin');
      assert.equal(asked.created, false, 'asking while it waits answers that run');
      for (const r of replicas) r.runner.start();
      await until(async () => (await replicas[0]!.runs.list())[0]?.status === 'done');
      await Promise.all(replicas.map((r) => r.runner.stop()));
      assert.equal(most, 1);
      const listed = await replicas[0]!.runs.list();
      assert.equal(listed.length, 1);
      assert.deepEqual([listed[0]!.id, listed[0]!.requested_by, listed[0]!.deleted], [asked.run.id, null, { conversations: 12 }]);
      assert.equal(await replicas[0]!.scheduler.tick(), false, 'not again the same day');
      now = new Date(T0.getTime() + DAY);
      assert.equal(await replicas[1]!.scheduler.tick(), true, 'the next day');

      // A run whose process went down at every claim stops at the last one, and says why.
      await sql`update jobs set status = 'running', attempts = 5, locked_until = now() - interval '1 second' where kind = ${RETENTION_JOB_KIND}`.execute(db);
      await retentionJobRunner(services().options).drain();
      const [gaveUp] = await replicas[0]!.runs.list();
      assert.deepEqual([gaveUp?.status, gaveUp?.error], ['failed', 'The run was started 5 times without finishing; the next run continues']);
      assert.equal(await count(db, 'audit_log', sql`action = 'retention.run' and after ->> 'status' = 'failed'`), 1);
    });
  });
}
