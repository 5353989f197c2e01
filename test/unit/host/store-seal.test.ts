// The seal of a cleanly closed sqlite store (host/store/seal.ts, ADR 0279): a start skips the full
// integrity scan only for a file exactly as the host's clean close left it.

import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DamagedStoreError, guardDataDir, sealClosedStore } from "../../../host/store/data-dir.js";
import type { ScopedKey } from "../../../host/store/keys.js";
import { SEAL_SUFFIX, sealStore, takeSeal } from "../../../host/store/seal.js";
import { openSqliteStore } from "../../../host/store/sqlite.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();

/** A data dir whose sqlite store holds a few entries and was closed cleanly. */
async function closedStore(): Promise<{ dir: string; file: string }> {
  const dir = tempDir("takoform-seal-");
  const file = path.join(dir, "store.sqlite");
  guardDataDir(dir, "sqlite");
  const store = openSqliteStore(file);
  await store.transaction([1, 2, 3].map((i) => ({ op: "put" as const, key: `resource/t/${i}` as ScopedKey, value: { i, text: "x".repeat(200) } })));
  await store.close();
  return { dir, file };
}

describe("store seal", () => {
  it("is written by a clean close and taken once by the next start while the file is unchanged", async () => {
    const { dir, file } = await closedStore();
    expect(existsSync(`${file}-wal`)).toBe(false); // the close checkpointed the WAL into the file
    sealClosedStore(dir, "sqlite");
    expect(statSync(file + SEAL_SUFFIX).mode & 0o777).toBe(0o600);
    expect(takeSeal(file)).toBe(true);
    expect(existsSync(file + SEAL_SUFFIX)).toBe(false);
    expect(takeSeal(file)).toBe(false); // used once
  });

  it("is taken by the start's guard, which leaves a file of the right mode untouched (a chmod would move its change time)", async () => {
    const { dir, file } = await closedStore();
    sealClosedStore(dir, "sqlite");
    const before = statSync(file, { bigint: true }).ctimeNs;
    guardDataDir(dir, "sqlite");
    expect(existsSync(file + SEAL_SUFFIX)).toBe(false);
    expect(statSync(file, { bigint: true }).ctimeNs).toBe(before);
  });

  it("does not match a file changed since, even with its size and modification time put back", async () => {
    const { file } = await closedStore();
    utimesSync(file, 1_700_000_000, 1_700_000_000); // a whole second, so it can be put back exactly
    sealStore(file);
    const before = statSync(file);
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.from("damage"), 0, 6, 200);
    closeSync(fd);
    utimesSync(file, 1_700_000_000, 1_700_000_000); // only the change time still says it was written
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(takeSeal(file)).toBe(false);
  });

  it("is neither written nor taken beside a WAL with content, and an unreadable seal is no seal", async () => {
    const { file } = await closedStore();
    writeFileSync(`${file}-wal`, "not empty");
    sealStore(file);
    expect(existsSync(file + SEAL_SUFFIX)).toBe(false);
    rmSync(`${file}-wal`);
    sealStore(file);
    writeFileSync(`${file}-wal`, "not empty");
    expect(takeSeal(file)).toBe(false);
    rmSync(`${file}-wal`);
    writeFileSync(file + SEAL_SUFFIX, "{ not json");
    expect(takeSeal(file)).toBe(false);
    expect(existsSync(file + SEAL_SUFFIX)).toBe(false);
  });

  it("a damaged store is refused at start whatever seal lies beside it: the seal names the file before the damage", async () => {
    const { dir, file } = await closedStore();
    sealClosedStore(dir, "sqlite");
    const bytes = readFileSync(file);
    for (let i = 100; i < 300; i++) bytes[i] = bytes[i]! ^ 0xff;
    writeFileSync(file, bytes);
    expect(() => guardDataDir(dir, "sqlite")).toThrow(DamagedStoreError);
  });
});
