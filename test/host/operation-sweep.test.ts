// Operations accepted before a SIGKILL settle after the restart WITHOUT any client reading them:
// the restarted host's start-up sweep commits every pending Operation record. The first process
// commits only after ten minutes, so the kill always lands between accept and commit; the second
// commits after 200 ms. The test waits on the resources themselves (a resource read never commits
// an operation), then reads the operations: each committed exactly once.

import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog, call } from "../unit/host/harness.js";
import { apply, document, prepare, put, read, refOf, remove } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "./process.js";

const SPACE = "sweep";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const ASYNC = { prefer: "respond-async" }; // the timer path (the async probe holds an operation for its owner's polls; decision 0210)
const operationPath = (id: string) => `/apis/forms.takoform.com/v1beta1/operations/${id}`;

/** Polls `probe` until it answers true; the deadline only bounds a broken host. */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} never happened`);
}

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`start-up sweep of accepted operations (${engine})`, () => {
    it("an accepted create and an accepted delete commit after a SIGKILL and a restart, with nobody reading them", async () => {
      const dir = tempDir(`takoform-sweep-${engine}-`);
      dirs.push(dir);
      const args = ["--data", dir, "--credentials", credentialsFile(dir), "--store", engine, "--conformance-probes"];
      let host: HostProcess = await startHostProcess([...args, "--async-commit-delay-ms", "600000"]);
      let created: any;
      let deleted: any;
      try {
        const doomed = await apply(host.url, queue(), "doomed", SPACE, { messageRetentionSeconds: 61 });
        expect(doomed.status, doomed.text).toBe(201);
        const body = document(queue(), "late", SPACE, { messageRetentionSeconds: 88 });
        const review = { prepareDigest: (await prepare(host.url, body)).json.review.prepareDigest };
        created = await put(host.url, { ...body, review }, { headers: ASYNC });
        expect(created.status, created.text).toBe(202);
        deleted = await remove(host.url, queue(), "doomed", SPACE, "1", { headers: ASYNC });
        expect(deleted.status, deleted.text).toBe(202);
        for (const accepted of [created, deleted]) {
          expect((await call(host.url, "GET", operationPath(accepted.json.operation.id))).json).toMatchObject({ done: false });
        }
      } finally {
        await host.kill();
      }

      host = await startHostProcess([...args, "--async-commit-delay-ms", "200"]);
      try {
        await until("the accepted create committing", async () => (await read(host.url, queue(), "late", SPACE)).status === 200);
        await until("the accepted delete committing", async () => (await read(host.url, queue(), "doomed", SPACE)).status === 404);
        const late = await read(host.url, queue(), "late", SPACE);
        expect(late.json.metadata).toMatchObject({ name: "late", generation: "1" });
        expect(late.json.spec).toMatchObject({ messageRetentionSeconds: 88 });
        const createOp = (await call(host.url, "GET", operationPath(created.json.operation.id))).json;
        expect(createOp).toMatchObject({ done: true, result: { resource: { metadata: { name: "late", uid: late.json.metadata.uid, generation: "1" } } } });
        expect(createOp.error).toBeUndefined();
        const deleteOp = (await call(host.url, "GET", operationPath(deleted.json.operation.id))).json;
        expect(deleteOp.done).toBe(true);
        expect(deleteOp.error).toBeUndefined();
      } finally {
        expect(await host.stop()).toBe(0);
      }

      // Settled operations are not committed again by the next start-up.
      host = await startHostProcess([...args, "--async-commit-delay-ms", "0"]);
      try {
        const late = await read(host.url, queue(), "late", SPACE);
        expect(late.json.metadata).toMatchObject({ generation: "1" });
        const replay = await call(host.url, "GET", operationPath(created.json.operation.id));
        expect(replay.json.result.resource.metadata.uid).toBe(late.json.metadata.uid);
        expect((await read(host.url, queue(), "doomed", SPACE)).status).toBe(404);
      } finally {
        expect(await host.stop()).toBe(0);
      }
    }, 120_000);
  });
}
