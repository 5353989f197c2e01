// Racing requests cannot both pass one fence: many concurrent applies carrying the same
// generation fence -> exactly one succeeds and the rest fail generation_conflict; concurrent
// creates of one name -> exactly one wins; concurrent adoptions of one native identity -> one.

import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "../unit/host/harness.js";
import { apply, document, importResource, prepare, put, read, refOf } from "../unit/host/client.js";
import { credentialsFile, startHostProcess, tempDir } from "./process.js";

const SPACE = "race";
const RACERS = 24;
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tally(statuses: { status: number; json: any }[]) {
  const out: Record<string, number> = {};
  for (const reply of statuses) {
    const label = reply.status < 400 ? String(reply.status) : `${reply.status} ${reply.json?.error?.code}`;
    out[label] = (out[label] ?? 0) + 1;
  }
  return out;
}

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`races (${engine})`, () => {
    it("one generation fence admits exactly one of many concurrent updates", async () => {
      const dir = tempDir(`takoform-race-${engine}-`);
      dirs.push(dir);
      const host = await startHostProcess(["--data", dir, "--credentials", credentialsFile(dir), "--store", engine]);
      try {
        expect((await apply(host.url, queue(), "contended", SPACE, { messageRetentionSeconds: 60 })).status).toBe(201);
        // every racer prepares a different spec against generation 1, then all PUT at once
        const bodies = await Promise.all(
          Array.from({ length: RACERS }, async (_, i) => {
            const body = document(queue(), "contended", SPACE, { messageRetentionSeconds: 100 + i });
            const prepared = await prepare(host.url, body, { generation: "1" });
            expect(prepared.status).toBe(200);
            return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
          }),
        );
        const replies = await Promise.all(bodies.map((body) => put(host.url, body, { generation: "1" })));
        expect(tally(replies)).toEqual({ "200": 1, "412 generation_conflict": RACERS - 1 });
        const winner = replies.find((reply) => reply.status === 200)!;
        const now = await read(host.url, queue(), "contended", SPACE);
        expect(now.json.metadata).toMatchObject({ generation: "2", revision: "2" });
        expect(now.json.spec).toEqual(winner.json.spec);

        // concurrent creates of one name: every racer prepares while the name is free (a prepare
        // after the winner's commit is rightly refused: the name then needs a generation fence),
        // then all PUT at once
        const createBodies = await Promise.all(
          Array.from({ length: RACERS }, async (_, i) => {
            const body = document(queue(), "fresh", SPACE, { messageRetentionSeconds: 200 + i });
            const prepared = await prepare(host.url, body);
            expect(prepared.status).toBe(200);
            return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
          }),
        );
        const creates = await Promise.all(createBodies.map((body) => put(host.url, body)));
        expect(tally(creates)).toEqual({ "201": 1, "412 generation_conflict": RACERS - 1 });

        // concurrent adoptions of one native identity under different names and spaces
        const adoptions = await Promise.all(
          Array.from({ length: RACERS }, (_, i) =>
            importResource(host.url, queue(), `adopt-${i}`, `space-${i % 3}`, { messageRetentionSeconds: 60 }, "native-contended"),
          ),
        );
        expect(tally(adoptions)).toEqual({ "201": 1, "409 import_conflict": RACERS - 1 });
      } finally {
        expect(await host.stop()).toBe(0);
      }
    });
  });
}
