import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database';

/**
 * oidc-provider storage adapter over the `oidc_payloads` table, so sessions, grants, interactions,
 * authorization codes and refresh tokens survive a restart (nobody is signed out).
 *
 * One row per (model, id). Expired rows are treated as absent and swept from time to time; a consumed
 * row keeps its payload with `consumed` set (oidc-provider needs that for refresh token reuse
 * detection).
 */
export class KyselyOidcAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresAt,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  /** Removes this model's artefacts of a grant (oidc-provider calls it once per token model). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
    if (row.consumed_at) {
      return { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
    }
    return payload;
  }
}

/** Deletes rows whose expiry has passed. Returns how many went. */
export async function sweepExpiredOidcPayloads(db: Database, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The adapter factory oidc-provider's `adapter` option expects. */
export function createOidcAdapterFactory(db: Database): (model: string) => Adapter {
  return (model) => new KyselyOidcAdapter(db, model);
}
