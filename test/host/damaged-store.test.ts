// A damaged store is refused, never started empty (docs/reliability.md): a data directory that has
// held a store (history.json) refuses to start -- exit non-zero, the store file untouched, a message
// naming the file and the recovery -- when its store is truncated to 0 bytes, holds `null`, or has
// 200 bytes flipped; `takoform host --repair` moves it aside and starts. Every file the host wrote
// under its data directory is 0600 and every directory 0700.

import { existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "../unit/host/harness.js";
import { apply, read, refOf } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir } from "./process.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

/** A data dir whose host created one resource and stopped cleanly. */
async function usedDataDir(engine: "sqlite" | "lowdb"): Promise<{ dir: string; args: string[]; file: string }> {
  const dir = tempDir(`takoform-damage-${engine}-`);
  dirs.push(dir);
  // beside the data dir, in a folder of its own (the machine's temporary folder itself is shared)
  const credentialsDir = tempDir(`takoform-damage-credentials-`);
  dirs.push(credentialsDir);
  const credentials = credentialsFile(credentialsDir);
  const args = ["--data", dir, "--credentials", credentials, "--store", engine];
  const host = await startHostProcess(args);
  expect((await apply(host.url, queue(), "kept", "space", { messageRetentionSeconds: 60 })).status).toBe(201);
  expect(await host.stop()).toBe(0);
  return { dir, args, file: path.join(dir, engine === "sqlite" ? "store.sqlite" : "store.json") };
}

async function expectRefusedStart(args: string[], file: string): Promise<void> {
  const before = readFileSync(file);
  const failure = await startHostProcess(args).then(
    async (host) => {
      await host.kill();
      return "started";
    },
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/host exited with 1 before listening/);
  expect(failure).toContain(file);
  expect(failure).toMatch(/--repair/);
  expect(readFileSync(file).equals(before), "the refused store file is untouched").toBe(true);
}

function flip200Bytes(file: string): void {
  const bytes = readFileSync(file);
  const stride = Math.max(1, Math.floor((bytes.length - 100) / 200));
  for (let i = 0; i < 200; i++) {
    const at = 100 + i * stride;
    if (at < bytes.length) bytes[at] = bytes[at]! ^ 0x5a;
  }
  writeFileSync(file, bytes);
}

function modes(dir: string): { path: string; mode: string }[] {
  const out: { path: string; mode: string }[] = [];
  const walk = (d: string) => {
    out.push({ path: d, mode: (statSync(d).mode & 0o777).toString(8) });
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push({ path: path.join(d, e.name), mode: (statSync(path.join(d, e.name)).mode & 0o777).toString(8) });
    }
  };
  walk(dir);
  return out;
}

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`a damaged ${engine} store`, () => {
    it("every file under the data dir is 0600 and every directory 0700", async () => {
      const { dir } = await usedDataDir(engine);
      const all = modes(dir);
      expect(all.some((m) => m.path.endsWith(HISTORY))).toBe(true);
      for (const m of all) expect(m, m.path).toEqual({ path: m.path, mode: statSync(m.path).isDirectory() ? "700" : "600" });
    });

    it(
      engine === "sqlite" ? "truncated to 0 bytes is refused, and --repair moves it aside" : "holding null is refused, and --repair moves it aside",
      async () => {
        const { dir, args, file } = await usedDataDir(engine);
        if (engine === "sqlite") truncateSync(file, 0);
        else writeFileSync(file, "null");
        await expectRefusedStart(args, file);
        const host = await startHostProcess([...args, "--repair"]);
        expect((await read(host.url, queue(), "kept", "space")).status).toBe(404);
        expect(await host.stop()).toBe(0);
        expect(readdirSync(dir).some((name) => name.startsWith(`${path.basename(file)}.damaged-`))).toBe(true);
      },
    );

    it("with 200 flipped bytes is refused", async () => {
      const { args, file } = await usedDataDir(engine);
      flip200Bytes(file);
      await expectRefusedStart(args, file);
    });

    it("deleted while the data dir has history is refused", async () => {
      const { args, file } = await usedDataDir(engine);
      rmSync(file);
      const failure = await startHostProcess(args).then(
        () => "started",
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/is missing, but this data directory has held/);
      expect(existsSync(file)).toBe(false);
    });
  });
}

const HISTORY = "history.json";
