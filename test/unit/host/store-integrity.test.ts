// The start-up integrity scan of a sqlite store file (host/store/integrity.ts): SQLite finds the
// suspect rows (json_valid and the key/version shape) and every kind of damage is still named.

import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteStoreHealth } from "../../../host/store/integrity.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();

function storeWith(rows: Array<[unknown, unknown, unknown]>): string {
  const dir = tempDir("takoform-integrity-");
  const file = path.join(dir, "store.sqlite");
  const db = new Database(file);
  db.exec("CREATE TABLE entries (key TEXT PRIMARY KEY, value TEXT, version INTEGER)");
  const insert = db.prepare("INSERT INTO entries (key, value, version) VALUES (?, ?, ?)");
  for (const row of rows) insert.run(...row);
  db.close();
  return file;
}

const good = (i: number): [string, string, number] => [`t/a/${i}`, JSON.stringify({ i, text: "x".repeat(50) }), 1];

describe("sqlite store health", () => {
  it("counts the entries of a sound file", () => {
    expect(sqliteStoreHealth(storeWith([good(1), good(2), good(3)]))).toEqual({ state: "ok", entries: 3 });
  });

  it("names a value that is not JSON", () => {
    expect(sqliteStoreHealth(storeWith([good(1), ["t/a/bad", "{not json", 1], good(2)]))).toEqual({
      state: "damaged",
      reason: "entry t/a/bad holds a value that is not JSON",
    });
  });

  it("names a version that is not a positive integer, a missing value and an empty key", () => {
    expect(sqliteStoreHealth(storeWith([good(1), ["t/a/v", "{}", 0]]))).toMatchObject({ state: "damaged", reason: "entry t/a/v has version 0" });
    expect(sqliteStoreHealth(storeWith([["t/a/n", null, 1]]))).toMatchObject({ state: "damaged", reason: "entry t/a/n has no value" });
    expect(sqliteStoreHealth(storeWith([["", "{}", 1]]))).toMatchObject({ state: "damaged", reason: "a row has no key" });
  });

  it("accepts every value JSON.parse accepts, whatever its type", () => {
    const values = ["1", '"text"', "null", "[1,2]", '{"a":{"b":[true,false]}}', '"\\u00e9"'];
    expect(sqliteStoreHealth(storeWith(values.map((v, i) => [`t/v/${i}`, v, 2])))).toEqual({ state: "ok", entries: values.length });
  });
});
