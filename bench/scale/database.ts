// The bench's own PostgreSQL database: made and seeded once, kept for later runs.
import pg from 'pg';
import { isSeeded, seedPopulation, type Population } from './seed.ts';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The URL of `name` on the server of `adminUrl`, seeded with `population`. A database left
 * incomplete (a seed stopped half-way) or holding another population is made again, as is any
 * with `reseed`. Only this database is ever dropped.
 */
export async function scaleDatabase(
  adminUrl: string,
  name: string,
  population: Population,
  reseed: boolean,
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const exists = await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  });
  const complete = exists && !reseed && (await withClient(url, (c) => isSeeded(c, population)));
  if (complete) {
    console.log(`database ${name}: seeded before, kept (--reseed makes it again)`);
    return url;
  }
  await withClient(adminUrl, async (client) => {
    if (exists) await client.query(`drop database ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  console.log(`database ${name}: seeding`);
  await seedPopulation(url, population);
  return url;
}
