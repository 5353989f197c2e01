// The kind registry (host/kinds): KINDS names exactly the Edge kinds the corpus installs, the
// lifecycle stages name none of them (they loop over the registry), and a kind a Form Package
// brings without a module resolves to nothing, i.e. the generic behaviour only.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EDGE_GROUP } from "../../../../corpus/lib/index.js";
import { BUILTIN_KINDS, EDGE_KINDS, GENERIC, KINDS, kindRegistry } from "../../../../host/kinds/index.js";
import { repoRoot } from "../harness.js";

/** The kinds of corpus/forms/edge/v1beta1, read from each definition the corpus ships. */
function corpusEdgeKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of filesUnder(path.join(repoRoot, "corpus/forms/edge/v1beta1"))) {
    if (path.basename(file) !== "definition.json") continue;
    const definition = JSON.parse(readFileSync(file, "utf8")) as { apiVersion: string; kind: string };
    if (definition.apiVersion === EDGE_GROUP) kinds.add(definition.kind);
  }
  return [...kinds].sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe("KINDS", () => {
  it("names exactly the Edge kinds of the corpus", () => {
    const kinds = corpusEdgeKinds();
    expect(kinds.length).toBeGreaterThan(10);
    expect([...EDGE_KINDS].sort()).toEqual(kinds);
    expect(Object.keys(KINDS).sort()).toEqual(kinds.map((kind) => `${EDGE_GROUP} ${kind}`));
  });

  it("has no Edge kind name anywhere under host/lifecycle/ (the stages loop over the registry)", () => {
    const hits: string[] = [];
    const pattern = new RegExp(`\\b(${corpusEdgeKinds().join("|")})\\b`);
    for (const file of filesUnder(path.join(repoRoot, "host/lifecycle"))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (pattern.test(line)) hits.push(`${path.relative(repoRoot, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it("covers every subfolder of host/lifecycle/ (verbs, admission, operations, artifact uploads, retention, quotas)", () => {
    const folders = new Set(filesUnder(path.join(repoRoot, "host/lifecycle")).map((file) => path.relative(repoRoot, path.dirname(file))));
    for (const folder of ["verbs", "admission", "operations", "artifact-upload", "retention", "quotas"]) expect(folders).toContain(`host/lifecycle/${folder}`);
  });

  it("has no Edge kind name in the code of host/runtime/ (the plan asks each kind module for its runtime projection)", () => {
    const hits: string[] = [];
    const pattern = new RegExp(`\\b(${corpusEdgeKinds().join("|")})\\b`);
    for (const file of filesUnder(path.join(repoRoot, "host/runtime")).filter((f) => f.endsWith(".ts"))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (!/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line)) hits.push(`${path.relative(repoRoot, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it("gives every Edge kind with a runtime projection a loader, not the projection itself (the control plane never loads it)", async () => {
    const projected = Object.entries(KINDS).filter(([, behaviour]) => behaviour.runtime !== undefined);
    expect(projected.map(([key]) => key.split(" ")[1]).sort()).toEqual([
      "AtLeastOnceQueue",
      "EdgeKVNamespace",
      "ObjectBucket",
      "QueueConsumer",
      "SQLiteDatabase",
      "WorkerCronTrigger",
      "WorkerCustomDomain",
      "WorkerDeployment",
      "WorkerEndpoint",
      "WorkerVersion",
    ]);
    for (const [key, behaviour] of projected) expect(Object.keys(await behaviour.runtime!()), key).not.toHaveLength(0);
  });

  it("keeps a kind's index keys to its module: only host/kinds uses the hostname key helpers", () => {
    const users = filesUnder(path.join(repoRoot, "host"))
      .filter((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /\b(hostnameKey|hostnamePrefix)\(/.test(line)),
      )
      .map((file) => path.relative(repoRoot, file));
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((file) => !file.startsWith("host/kinds/") && file !== "host/store/keys.ts")).toEqual([]);
  });

  it("gives a kind without a module nothing beyond the generic rules", () => {
    expect(BUILTIN_KINDS.of({ apiVersion: "toy.forms.example.com/v1", kind: "Toy" })).toBeUndefined();
    expect(kindRegistry({ "toy.forms.example.com/v1 Toy": GENERIC }).of({ apiVersion: "toy.forms.example.com/v1", kind: "Toy" })).toBe(GENERIC);
    expect(BUILTIN_KINDS.of({ apiVersion: EDGE_GROUP, kind: "WorkerCustomDomain" })?.canonicalize).toBeTypeOf("function");
    // The group is part of the key: the same kind name in another group is another kind.
    expect(BUILTIN_KINDS.of({ apiVersion: "toy.forms.example.com/v1", kind: "WorkerCustomDomain" })).toBeUndefined();
  });

  it("refuses an extra module that would replace a built-in one", () => {
    expect(() => kindRegistry({ [`${EDGE_GROUP} ModuleWorker`]: GENERIC })).toThrow(/would replace the built-in one/);
    const toy = {};
    expect(kindRegistry({ "toy.forms.example.com/v1 Toy": toy }).of({ apiVersion: "toy.forms.example.com/v1", kind: "Toy" })).toBe(toy);
  });

  it("is typed over every Edge kind: a misspelt key does not compile", () => {
    // @ts-expect-error a misspelt kind is not a key of KINDS
    const misspelt = KINDS[`${EDGE_GROUP} WorkerCustomDomian`];
    expect(misspelt).toBeUndefined();
  });
});
