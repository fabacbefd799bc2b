import { sql } from 'kysely';
import type { Database } from '../db/database';
import { LISTENER_APPLICATION_NAME, postgresNotifications, type Notifications, type PostgresNotificationsOptions } from '../db/notifications';

/**
 * A LISTEN connection of its own to the PostgreSQL test database `db` is in (TEST_DATABASE_URL's
 * server), as another process would have; the caller closes it.
 */
export async function ownNotifications(db: Database, options: Omit<PostgresNotificationsOptions, 'url'> = {}): Promise<Notifications> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return postgresNotifications({ ...options, url: url.toString() });
}

/** Ends every LISTEN connection to `db`'s database from the server's side, as a restart or a network cut would. */
export async function cutListenConnections(db: Database): Promise<void> {
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(db);
}
