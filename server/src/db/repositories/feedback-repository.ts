import { randomUUID } from 'node:crypto';
import type { FeedbackCategory, FeedbackEntry, FeedbackReceipt, FeedbackRequest } from '@assistant/contracts';
import type { Database } from '../database';

/** Feedback is written by any signed-in user and read only by administrators. */
export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async add(userId: string, category: FeedbackCategory, feedback: FeedbackRequest): Promise<FeedbackReceipt> {
    const row = await this.db
      .insertInto('feedback')
      .values({
        id: randomUUID(),
        user_id: userId,
        category,
        message: feedback.message,
        page: feedback.page ?? null,
        contact_email: feedback.contact_email ?? null,
        ui_version: feedback.ui_version,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, created_at: row.created_at.toISOString() };
  }

  async latest(limit: number): Promise<FeedbackEntry[]> {
    const rows = await this.db.selectFrom('feedback').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      category: row.category as FeedbackCategory,
      user_id: row.user_id,
      message: row.message,
      ...(row.page ? { page: row.page } : {}),
      ...(row.contact_email ? { contact_email: row.contact_email } : {}),
      ui_version: row.ui_version,
      created_at: row.created_at.toISOString(),
    }));
  }
}
