import type { OnboardingState, OnboardingUpdate } from '@assistant/contracts';
import type { Database } from '../database';

/** How the guided start ended for each user (one row per user, migration 0023). */
export class OnboardingRepository {
  constructor(private readonly db: Database) {}

  /** The user's state; `pending` while they have not finished or skipped the guided start. */
  async read(userId: string): Promise<OnboardingState> {
    const row = await this.db
      .selectFrom('user_onboarding')
      .select(['status', 'step', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { status: 'pending', step: null, updated_at: null };
    return { status: row.status, step: row.step, updated_at: new Date(row.updated_at).toISOString() };
  }

  /** Records how it ended; a later ending (the user reopened it) replaces the earlier one. */
  async write(userId: string, update: OnboardingUpdate): Promise<OnboardingState> {
    const now = new Date();
    const values = { status: update.status, step: update.status === 'skipped' ? (update.step ?? null) : null, updated_at: now };
    await this.db
      .insertInto('user_onboarding')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return { status: values.status, step: values.step, updated_at: now.toISOString() };
  }
}
