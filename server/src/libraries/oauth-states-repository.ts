import type { CollectionScope } from '@assistant/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { OAuthStatesTable } from '../db/schema';

export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** How long a sign-in popup may take from its start to its return. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Library sign-ins under way (migration 0021's oauth_states): a popup's PKCE verifier and what the
 * connection will be, under the random `state` the provider hands back. A state is its starter's
 * alone and is used once: taking it deletes it.
 */
export class OAuthStatesRepository {
  constructor(private readonly db: Database) {}

  async create(input: { state: string; ownerId: string; verifier: string; name: string; scope: CollectionScope; redirectUri: string; now?: Date }): Promise<void> {
    const now = input.now ?? new Date();
    // Popups closed without returning leave their rows: each start clears the expired ones.
    await this.db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oauth_states')
      .values({
        state: input.state,
        owner_id: input.ownerId,
        verifier: input.verifier,
        name: input.name,
        scope: input.scope,
        redirect_uri: input.redirectUri,
        expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      })
      .execute();
  }

  /**
   * Deletes and answers the owner's state (expired ones too: the caller says so); undefined when
   * there is none, it was used, or it is another user's (whose row stays for them).
   */
  async take(state: string, ownerId: string): Promise<OAuthStateRow | undefined> {
    return this.db.deleteFrom('oauth_states').where('state', '=', state).where('owner_id', '=', ownerId).returningAll().executeTakeFirst();
  }
}
