// The key index's background read (host/store/sqlite-keys.ts, ADR 0288) over a real SQLite table,
// in slices of 3 keys: commits made and acknowledged between the slices (before the cursor, after
// it, a delete, a re-create, a key deleted before its slice is read), and one on disk but not yet
// acknowledged when its slice is read, leave the index equal to the table once it is read.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { DurableKeys } from "../../../host/store/sqlite-keys.js";

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});

function table() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-sqlite-keys-"));
  const db = new Database(path.join(dir, "keys.sqlite"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => db.close());
  db.exec("CREATE TABLE entries (key TEXT PRIMARY KEY)");
  const after = db.prepare<[string, number], string>("SELECT key FROM entries WHERE key > ? ORDER BY key LIMIT ?").pluck();
  const put = db.prepare("INSERT OR IGNORE INTO entries (key) VALUES (?)");
  const remove = db.prepare("DELETE FROM entries WHERE key = ?");
  const all = db.prepare<[], string>("SELECT key FROM entries ORDER BY key").pluck();
  return {
    slices: (cursor: string, limit: number) => after.all(cursor, limit) as string[],
    /** A commit on disk (the writer thread's part). */
    write: (key: string, present: boolean) => (present ? put.run(key) : remove.run(key)),
    all: () => all.all() as string[],
  };
}

/** Runs one setImmediate turn: one slice, when one is scheduled. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("DurableKeys", () => {
  it("is not read until a mutation asks, and then in slices", async () => {
    const t = table();
    for (const key of ["k/01", "k/02", "k/03", "k/04", "k/05", "k/06", "k/07"]) t.write(key, true);
    let slicesRead = 0;
    const keys = new DurableKeys(
      (cursor, limit) => {
        slicesRead++;
        return t.slices(cursor, limit);
      },
      100,
      3,
    );
    expect(keys.current(false)).toBeUndefined();
    await turn();
    expect(slicesRead).toBe(0);
    expect(keys.current(true)).toBeUndefined(); // begins; the store asks SQLite meanwhile
    await turn();
    expect(slicesRead).toBe(1);
    expect(keys.current(true)).toBeUndefined();
    await turn();
    await turn();
    expect(slicesRead).toBe(3);
    expect(keys.current(true)?.within("k/")).toEqual(t.all());
  });

  it("ends equal to the table whatever is committed and acknowledged between its slices", async () => {
    const t = table();
    for (let i = 10; i < 30; i++) t.write(`k/${i}`, true);
    const keys = new DurableKeys(t.slices, 100, 3);
    const commit = (key: string, present: boolean) => {
      t.write(key, present);
      keys.committed(key, present);
    };
    keys.current(true);
    await turn(); // slice 1: k/10..k/12
    commit("k/11", false); // behind the cursor: deleted
    commit("k/05", true); // behind the cursor: new
    commit("k/25", false); // ahead of the cursor: its slice will not find it
    await turn(); // slice 2: k/13..k/15
    commit("k/11", true); // re-created behind the cursor
    commit("k/20", false);
    commit("k/20", true); // deleted and re-created ahead of the cursor
    t.write("k/27", false); // on disk, not yet acknowledged
    t.write("k/99", true); // on disk, not yet acknowledged, ahead
    for (let i = 0; i < 10 && keys.current(true) === undefined; i++) await turn();
    keys.committed("k/27", false); // the acknowledgements arrive after the read
    keys.committed("k/99", true);
    const index = keys.current(true)!;
    expect(index).toBeTruthy();
    expect(index.within("k/")).toEqual(t.all());
    expect(index.has("k/25")).toBe(false);
    expect(index.has("k/11")).toBe(true);
    expect(index.size).toBe(t.all().length);
  });

  it("keeps none above its bound, and a dropped read starts again when asked", async () => {
    const t = table();
    for (let i = 0; i < 8; i++) t.write(`k/${i}`, true);
    const small = new DurableKeys(t.slices, 5, 3);
    small.current(true);
    for (let i = 0; i < 5; i++) await turn();
    expect(small.current(true)).toBeNull();

    const keys = new DurableKeys(t.slices, 100, 3);
    keys.current(true);
    await turn();
    keys.drop(); // a failed batch while reading
    for (let i = 0; i < 5; i++) await turn();
    expect(keys.current(false)).toBeUndefined();
    keys.current(true);
    for (let i = 0; i < 5; i++) await turn();
    expect(keys.current(false)?.within("k/")).toEqual(t.all());
  });
});
