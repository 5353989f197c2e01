// One host per data directory (ADR 0284): a second `takoform host` on a directory another host
// serves from exits 1 before it listens, naming the directory, the holder's pid and the ways out,
// and touches nothing (not with --repair either); the first host keeps serving. A host killed
// with SIGKILL leaves no stale hold (the next start is not refused), and one stopped with SIGTERM
// hands the directory over as well.

import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "../unit/host/harness.js";
import { apply, read, refOf } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir } from "./process.js";

const SPACE = "held";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const refusal = (args: string[]) =>
  startHostProcess(args).then(
    async (host) => {
      await host.kill();
      return "started";
    },
    (error: Error) => error.message,
  );

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`a second host on one data directory (${engine})`, () => {
    it("is refused while the first serves, and starts once the first is gone, however it ended", async () => {
      const dir = tempDir(`takoform-hold-${engine}-`);
      dirs.push(dir);
      const data = path.join(dir, "data");
      const args = ["--data", data, "--credentials", credentialsFile(dir), "--store", engine];
      const first = await startHostProcess(args);
      expect((await apply(first.url, queue(), "q-0", SPACE, { messageRetentionSeconds: 60 })).status).toBe(201);

      for (const extra of [[], ["--repair"]]) {
        const message = await refusal([...args, ...extra]);
        expect(message).toMatch(/host exited with 1 before listening/);
        expect(message).toContain(`another takoform host is serving from ${data} (pid ${first.child.pid}, since `);
        expect(message).toContain("Stop that host first, or start this one with another --data directory");
      }
      // Nothing was moved aside, and the first host still serves and writes.
      expect(readdirSync(data).filter((name) => name.includes(".damaged-"))).toEqual([]);
      expect((await apply(first.url, queue(), "q-1", SPACE, { messageRetentionSeconds: 61 })).status).toBe(201);

      await first.kill(); // SIGKILL: the kernel ends the hold with the process
      const second = await startHostProcess(args);
      for (const name of ["q-0", "q-1"]) expect((await read(second.url, queue(), name, SPACE)).status).toBe(200);
      expect(await second.stop()).toBe(0);
      expect(existsSync(path.join(data, "host.pid"))).toBe(false);

      const third = await startHostProcess(args);
      expect((await read(third.url, queue(), "q-1", SPACE)).status).toBe(200);
      await third.stop();
    }, 120_000);
  });
}
