// The PostgreSQL the tests use: the server .ci/run started (TAKOFORM_TEST_DATABASE_URL), else a
// throwaway one this test process starts when the server binaries are installed, else none: the
// postgres tests then skip with one line saying why. With TAKOFORM_REQUIRE_POSTGRES=1 (.ci/run)
// having none is a failure instead. Every caller gets a database of its own.

import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { postgresBinaries, startThrowawayPostgres } from "../../scripts/throwaway-postgres.js";

let server: Promise<string | undefined> | undefined;

async function serverUrl(): Promise<string | undefined> {
  const given = process.env.TAKOFORM_TEST_DATABASE_URL;
  if (given !== undefined && given !== "") return given;
  if (postgresBinaries() === undefined) {
    const why = "PostgreSQL tests skipped: no TAKOFORM_TEST_DATABASE_URL and no initdb/pg_ctl on the PATH (install postgresql, or run .ci/run)";
    if (process.env.TAKOFORM_REQUIRE_POSTGRES === "1") throw new Error(why.replace("skipped", "cannot run") + "; TAKOFORM_REQUIRE_POSTGRES=1");
    console.warn(why);
    return undefined;
  }
  const started = await startThrowawayPostgres();
  afterAll(() => started.stop());
  return started.url;
}

/** The server's URL, or undefined when the postgres tests must skip. */
export function postgresServer(): Promise<string | undefined> {
  server ??= serverUrl();
  return server;
}

/** A new empty database on the server; its URL. */
export async function freshDatabase(base: string): Promise<string> {
  const name = `takoform_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
