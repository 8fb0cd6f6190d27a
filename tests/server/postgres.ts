import pg from 'pg';

/**
 * The database every test file's own database is copied from: one per test run (the process id),
 * so that two runs on one PostgreSQL do not drop each other's template.
 */
export function postgresTemplateName(pid: number = process.pid): string {
  return `intercom_test_template_${pid}`;
}

/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the database of TEST_DATABASE_URL (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the template; several test files may copy it at once. */
export async function createDatabaseFromTemplate(url: string, template: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(url, `create database ${name} template ${template}`);
      return databaseUrl(url, name);
    } catch (error) {
      // "source database is being accessed by other users": another copy is starting; retry.
      if (attempt >= 20 || !(error instanceof Error) || !/being accessed/.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
}
