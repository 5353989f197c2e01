// Child process for the cross-process migration race: waits for a shared start instant, applies a
// migration set to a database file with the host executor, and prints one JSON result line.
import fs from "node:fs";
import { applyMigrations } from "../../../../host/sqlite-migrations/migration-executor.js";

const [dbPath, bundlePath, startAt] = process.argv.slice(2) as [string, string, string];
const files = JSON.parse(fs.readFileSync(bundlePath, "utf8")) as { path: string; digest: string; sql: string }[];
while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 1));
const startedAt = Date.now();
const out = await applyMigrations(dbPath, files, { busyTimeoutMs: 60_000 });
const finishedAt = Date.now();
process.stdout.write(
  JSON.stringify({
    pid: process.pid,
    ok: out.ok,
    code: out.ok ? undefined : out.code,
    message: out.ok ? undefined : out.message,
    executed: out.executed,
    startedAt,
    finishedAt,
  }) + "\n",
);
