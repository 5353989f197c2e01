// holdDataDir in one process: a second hold of a held directory is refused with the holder named,
// a released hold can be taken again, and releasing twice is harmless (ADR 0284). Across processes
// and through `takoform host`: test/host/data-dir-hold.test.ts.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, holdDataDir } from "../../../host/store/data-dir-hold.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-hold-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("holdDataDir", () => {
  it("refuses a second hold until the first is released", () => {
    const first = holdDataDir(dir);
    expect(() => holdDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => holdDataDir(dir)).toThrow(`another takoform host is serving from ${dir} (pid ${process.pid}, since `);
    first.release();
    first.release();
    const second = holdDataDir(dir);
    second.release();
  });

  it("names a lock file something else overwrote, and how to go on", () => {
    const other = mkdtempSync(path.join(os.tmpdir(), "takoform-hold-unit-"));
    try {
      writeFileSync(path.join(other, "host.lock"), "not a lock\n".repeat(20));
      expect(() => holdDataDir(other)).toThrow(`${path.join(other, "host.lock")} is not the lock file a takoform host makes (SQLITE_NOTADB)`);
      rmSync(path.join(other, "host.lock"));
      holdDataDir(other).release();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
