// A host killed with SIGKILL and restarted on the same --data directory still holds everything
// it acknowledged: every resource with the same uid, generation and revision, its adoption claim,
// and its replay records; a review minted before the kill is still spendable after it.

import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog, call } from "../unit/host/harness.js";
import { apply, document, importResource, observe, prepare, put, read, refOf, remove } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir, type HostProcess } from "./process.js";

const SPACE = "durable";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Acknowledged {
  uid: string;
  generation: string;
  revision: string;
}

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`restart after SIGKILL (${engine})`, () => {
    it("keeps every acknowledged mutation", async () => {
      const dir = tempDir(`takoform-restart-${engine}-`);
      dirs.push(dir);
      const args = ["--data", dir, "--credentials", credentialsFile(dir), "--store", engine, "--conformance-probes", "--async-commit-delay-ms", "2000"];
      let host: HostProcess = await startHostProcess(args);
      const acknowledged = new Map<string, Acknowledged>();
      const gone = new Set<string>();
      const note = (name: string, resource: any) =>
        acknowledged.set(name, { uid: resource.metadata.uid, generation: resource.metadata.generation, revision: resource.metadata.revision });

      // A settled history: creates, updates, host-side status changes, an adoption, deletes.
      for (let i = 0; i < 12; i++) {
        const name = `q-${i}`;
        const created = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 + i });
        expect(created.status, created.text).toBe(201);
        note(name, created.json);
        if (i % 3 === 0) {
          const updated = await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 600 + i }, { generation: "1" });
          expect(updated.status, updated.text).toBe(200);
          note(name, updated.json);
        }
        if (i % 4 === 1) {
          const touched = await observe(host.url, queue(), name, SPACE, acknowledged.get(name)!.generation, {
            headers: { "takoform-conformance-probe": "touch-status" },
          });
          expect(touched.status).toBe(200);
          note(name, touched.json.resource);
        }
        if (i % 5 === 4) {
          expect((await remove(host.url, queue(), name, SPACE, acknowledged.get(name)!.generation)).status).toBe(204);
          acknowledged.delete(name);
          gone.add(name);
        }
      }
      const adopted = await importResource(host.url, queue(), "adopted", SPACE, { messageRetentionSeconds: 60 }, "native-durable");
      expect(adopted.status).toBe(201);
      note("adopted", adopted.json);
      const replayKey = randomUUID();
      const replayBody = document(queue(), "replayed", SPACE, { messageRetentionSeconds: 99 });
      const review = { prepareDigest: (await prepare(host.url, replayBody)).json.review.prepareDigest };
      const replayed = await put(host.url, { ...replayBody, review }, { key: replayKey });
      expect(replayed.status).toBe(201);
      note("replayed", replayed.json);
      // an accepted (202) mutation still pending when the process dies
      const lateBody = document(queue(), "late", SPACE, { messageRetentionSeconds: 88 });
      const lateReview = { prepareDigest: (await prepare(host.url, lateBody)).json.review.prepareDigest };
      const late = await put(host.url, { ...lateBody, review: lateReview }, { headers: { prefer: "respond-async" } });
      expect(late.status, late.text).toBe(202);
      const pendingBody = document(queue(), "pending", SPACE, { messageRetentionSeconds: 77 });
      const pendingReview = { prepareDigest: (await prepare(host.url, pendingBody)).json.review.prepareDigest };

      // Then mutations in flight when the process is killed: whatever was answered before the
      // kill is acknowledged; the rest may or may not have landed.
      const inFlight = new Map<string, Promise<void>>();
      for (let i = 0; i < 20; i++) {
        const name = `burst-${i}`;
        inFlight.set(
          name,
          apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 })
            .then((reply) => {
              if (reply.status === 201) note(name, reply.json);
            })
            .catch(() => undefined),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 15));
      await host.kill();
      await Promise.all(inFlight.values());

      host = await startHostProcess(args);
      try {
        for (const [name, expected] of acknowledged) {
          const got = await read(host.url, queue(), name, SPACE);
          expect(got.status, `${name}: ${got.text}`).toBe(200);
          expect({ uid: got.json.metadata.uid, generation: got.json.metadata.generation, revision: got.json.metadata.revision }, name).toEqual(expected);
          expect(got.headers.get("etag")).toBe(`"${expected.revision}"`);
        }
        for (const name of gone) expect((await read(host.url, queue(), name, SPACE)).status).toBe(404);
        // the claim survived
        expect((await importResource(host.url, queue(), "rival", SPACE, { messageRetentionSeconds: 60 }, "native-durable")).json.error.code).toBe(
          "import_conflict",
        );
        // the replay record survived: same key, same bytes -> the recorded answer
        const again = await put(host.url, { ...replayBody, review }, { key: replayKey });
        expect(again.text).toBe(replayed.text);
        // a review minted before the kill is still spendable
        expect((await put(host.url, { ...pendingBody, review: pendingReview })).status).toBe(201);
        // the operation accepted before the kill settles after the restart, committing its mutation
        let operation: any;
        for (let i = 0; i < 60; i++) {
          operation = (await call(host.url, "GET", `/apis/forms.takoform.com/v1beta1/operations/${late.json.operation.id}`)).json;
          if (operation.done) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(operation).toMatchObject({ done: true, result: { resource: { metadata: { name: "late", generation: "1" } } } });
        expect((await read(host.url, queue(), "late", SPACE)).status).toBe(200);
      } finally {
        expect(await host.stop()).toBe(0);
      }
    });
  });
}
