// A database of its own for each chaos run on PostgreSQL, made and dropped through the admin URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ChaosDatabase {
  url: string;
  name: string;
  /** Ends the LISTEN connections of the servers on this database (pg_terminate_backend). */
  terminateListeners: () => Promise<number>;
  drop: () => Promise<void>;
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createChaosDatabase(adminUrl: string): Promise<ChaosDatabase> {
  const name = `verba_chaos_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    name,
    terminateListeners: () =>
      admin(adminUrl, async (client) => {
        const { rows } = await client.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = $1 and query ilike 'listen %'`,
          [name],
        );
        return rows.filter((row) => row.ended).length;
      }),
    drop: () =>
      admin(adminUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
