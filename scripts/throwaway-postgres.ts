// A throwaway PostgreSQL server for tests: initdb into a temporary directory, pg_ctl start on a free
// loopback port (and a unix socket in the same directory), pg_ctl stop and remove at the end.
// initdb refuses to run as root, so as root the directory is given to `nobody` and the server
// binaries run as that user. Nothing here is a substitute: it is the PostgreSQL on the PATH.
//
//   npx tsx scripts/throwaway-postgres.ts start      prints "URL DIR" (the server keeps running)
//   npx tsx scripts/throwaway-postgres.ts stop DIR   stops it and removes DIR
//
// .ci/run starts one for the whole test run and exports TAKOFORM_TEST_DATABASE_URL.

import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface ThrowawayPostgres {
  url: string;
  dir: string;
  stop(): void;
}

/** The server binaries, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): { initdb: string; pgCtl: string } | undefined {
  const which = (name: string) => {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
    return found.status === 0 ? found.stdout.trim() : undefined;
  };
  const initdb = which("initdb");
  const pgCtl = which("pg_ctl");
  return initdb !== undefined && pgCtl !== undefined ? { initdb, pgCtl } : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function run(command: string, args: string[], options: SpawnSyncOptions): void {
  const result = spawnSync(command, args, { ...options, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal}): ${String(result.stderr ?? "")}${String(result.stdout ?? "")}`,
    );
  }
}

/** As root the binaries run as nobody (uid/gid 65534), owner of the directory. */
function asServerUser(dir: string): SpawnSyncOptions {
  if (process.getuid?.() !== 0) return {};
  chownSync(dir, 65534, 65534);
  return { uid: 65534, gid: 65534, env: { ...process.env, HOME: dir } };
}

function stopServer(pgCtl: string, dir: string, options: SpawnSyncOptions): void {
  spawnSync(pgCtl, ["-D", path.join(dir, "data"), "-m", "fast", "-w", "stop"], { ...options, stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const binaries = postgresBinaries();
  if (binaries === undefined) throw new Error("PostgreSQL server binaries (initdb, pg_ctl) are not on the PATH");
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-pg-"));
  const as = asServerUser(dir);
  const data = path.join(dir, "data");
  try {
    run(binaries.initdb, ["-D", data, "-U", "takoform", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"], as);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c max_connections=300",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ];
    run(binaries.pgCtl, ["-D", data, "-l", path.join(dir, "server.log"), "-o", settings.join(" "), "-w", "-t", "60", "start"], as);
    return { url: `postgres://takoform@127.0.0.1:${port}/postgres`, dir, stop: () => stopServer(binaries.pgCtl, dir, as) };
  } catch (error) {
    stopServer(binaries.pgCtl, dir, as);
    throw error;
  }
}

/** stop for a server started by another process (`start` of the command line). */
export function stopThrowawayPostgres(dir: string): void {
  const binaries = postgresBinaries();
  if (binaries === undefined) return;
  stopServer(binaries.pgCtl, dir, process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {});
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command === "start") {
    const server = await startThrowawayPostgres();
    console.log(`${server.url} ${server.dir}`);
  } else if (command === "stop" && dir !== undefined) {
    stopThrowawayPostgres(dir);
  } else {
    console.error("usage: throwaway-postgres.ts start | stop DIR");
    process.exit(2);
  }
}
