// The pure parts of the resource listing (host/listing): the query rule, the cursor, the relation
// context beside a reference, and how a drifted pin is rendered; and the CLI's aggregate tree over
// listing entries, including a drifted and a missing target.

import { describe, expect, it } from "vitest";
import { aggregateTree } from "../../../cli/listing/tree.js";
import { HostError } from "../../../host/errors.js";
import { decodeCursor, encodeCursor } from "../../../host/listing/cursor.js";
import { listedResource, relationContext, type ListedResource } from "../../../host/listing/entry.js";
import { DEFAULT_LIMIT, listingQuery } from "../../../host/listing/query.js";
import { relationDrift } from "../../../host/rules/relations/relation-drift.js";
import type { ResourceRecord } from "../../../host/store/records.js";

const KINDS = ["ModuleWorker", "WorkerVersion"];
const ref = (kind: string, digest = "a") => ({
  apiVersion: "edge.forms.takoform.com/v1beta1",
  kind,
  definitionVersion: "0.1.0",
  schemaDigest: `sha256:${digest.repeat(64)}`,
});

describe("listing query", () => {
  it("defaults the limit and keeps what was given", () => {
    expect(listingQuery([], KINDS)).toEqual({ limit: DEFAULT_LIMIT });
    expect(
      listingQuery(
        [
          ["space", "shop"],
          ["kind", "ModuleWorker"],
          ["limit", "500"],
          ["cursor", "abc"],
        ],
        KINDS,
      ),
    ).toEqual({ space: "shop", kind: "ModuleWorker", limit: 500, cursor: "abc" });
  });

  it.each([
    [[["limit", "-1"]], "limit"],
    [[["limit", "1e2"]], "limit"],
    [[["kind", "moduleworker"]], "kind"],
    [[["space", " shop"]], "space"],
    [[["Space", "shop"]], "Space"],
    [
      [
        ["kind", "ModuleWorker"],
        ["kind", "ModuleWorker"],
      ],
      "kind",
    ],
  ] as [Array<[string, string]>, string][])("refuses %j naming %s", (pairs, parameter) => {
    const result = listingQuery(pairs, KINDS);
    expect(result).toBeInstanceOf(HostError);
    expect((result as HostError).code).toBe("invalid_argument");
    expect((result as HostError).details).toEqual({ parameter });
  });
});

describe("listing cursor", () => {
  const suffix = ["sp ace", "edge.forms.takoform.com/v1beta1", "ModuleWorker", "w/1"].map(encodeURIComponent).join("/");

  it("round-trips a key suffix and holds it to the listing's space", () => {
    expect(decodeCursor(encodeCursor(suffix), undefined)).toBe(suffix);
    expect(decodeCursor(encodeCursor(suffix), "sp ace")).toBe(suffix);
    const other = decodeCursor(encodeCursor(suffix), "shop");
    expect((other as HostError).message).toContain("another space");
  });

  it("refuses what this host cannot have issued", () => {
    for (const bad of ["", "a+b", encodeCursor("a/b/c"), encodeCursor("a/b/c/d/e"), encodeCursor("a/b/c/%ZZ"), encodeCursor("a/b/c/d\u0000")]) {
      expect(decodeCursor(bad, undefined)).toBeInstanceOf(HostError);
    }
  });
});

describe("listing entry", () => {
  const spec = { worker: { name: "w" }, versions: [{ weight: 7000, workerVersion: { name: "v1" } }], kvBindings: [{ name: "KV", resource: { name: "kv" } }] };

  it("reads the scalar members beside a reference in an array element, and nothing at the top level", () => {
    expect(relationContext(spec, "/versions/0/workerVersion")).toEqual({ weight: 7000 });
    expect(relationContext(spec, "/kvBindings/0/resource")).toEqual({ name: "KV" });
    expect(relationContext(spec, "/worker")).toBeUndefined();
    expect(relationContext(spec, "/versions/3/workerVersion")).toBeUndefined();
  });

  it("renders the pin of each relation and marks the drifted one", () => {
    const relations = [
      {
        pointer: "/worker",
        relation: "/worker",
        targetApiVersion: ref("").apiVersion,
        targetKind: "ModuleWorker",
        targetName: "w",
        targetUid: "u-w",
        targetFormRef: ref("ModuleWorker"),
      },
      {
        pointer: "/versions/0/workerVersion",
        relation: "/versions/*/workerVersion",
        targetApiVersion: ref("").apiVersion,
        targetKind: "WorkerVersion",
        targetName: "v1",
        targetUid: "u-v1",
        targetFormRef: ref("WorkerVersion"),
      },
    ];
    const record: ResourceRecord = {
      tenant: "t",
      space: "s",
      name: "d",
      ref: ref("WorkerDeployment"),
      uid: "u-d",
      generation: "2",
      revision: "5",
      spec,
      specDigest: "x",
      relations,
      conditions: [{ type: "Ready", status: "True", reason: "Available", lastTransitionTime: "2026-01-01T00:00:00Z" }],
      observations: 0,
      createdAt: "2026-01-01T00:00:00Z",
    };
    // Now the worker name resolves to another incarnation; the version is unchanged.
    const now = new Map([
      ["ModuleWorker w", { uid: "u-w2", formRef: ref("ModuleWorker") }],
      ["WorkerVersion v1", { uid: "u-v1", formRef: ref("WorkerVersion") }],
    ]);
    const drift = relationDrift("s", relations, {
      resolve: (_s, _g, kind, name) => {
        const t = now.get(`${kind} ${name}`);
        return t && { ...t, space: "s", name, spec: {}, relations: [] };
      },
    });
    const listed = listedResource(record, drift.drifted ? drift.findings : []);
    expect(listed).toMatchObject({ kind: "WorkerDeployment", name: "d", generation: "2", revision: "5", ready: { status: "True", reason: "Available" } });
    expect(listed.relations[0]).toEqual({
      ...listed.relations[0],
      pinned: { uid: "u-w", formRef: ref("ModuleWorker") },
      drift: { reason: "ExternalChange", currentUid: "u-w2", currentFormRef: ref("ModuleWorker") },
    });
    expect(listed.relations[1]!.drift).toBeUndefined();
    expect(listed.relations[1]!.context).toEqual({ weight: 7000 });
  });
});

describe("aggregate tree", () => {
  const entry = (
    kind: string,
    name: string,
    relations: ListedResource["relations"] = [],
    ready: ListedResource["ready"] = { status: "True", reason: "Available" },
  ): ListedResource => ({
    space: "s",
    apiVersion: "g/v",
    kind,
    name,
    uid: `u-${name}`,
    formRef: ref(kind),
    generation: "1",
    revision: "1",
    createdAt: "",
    ready,
    conditions: [],
    relations,
  });
  const rel = (pointer: string, kind: string, name: string, extra: Partial<ListedResource["relations"][number]> = {}) => ({
    pointer,
    relation: pointer,
    target: { apiVersion: "g/v", kind, name },
    pinned: { uid: `u-${name}`, formRef: ref(kind) },
    ...extra,
  });

  it("puts versions under the deployment, bindings under versions, and shows drift and missing targets", () => {
    const worker = entry("ModuleWorker", "w");
    const resources = [
      worker,
      entry("WorkerBundle", "b"),
      entry("WorkerVersion", "v", [
        rel("/worker", "ModuleWorker", "w"),
        rel("/bundle", "WorkerBundle", "b"),
        rel("/kvBindings/0/resource", "EdgeKVNamespace", "gone", { context: { name: "KV" } }),
      ]),
      entry("WorkerDeployment", "d", [
        rel("/worker", "ModuleWorker", "w"),
        rel("/versions/0/workerVersion", "WorkerVersion", "v", { context: { weight: 10000 }, drift: { reason: "ExternalChange", currentUid: "u-x" } }),
      ]),
      entry("WorkerEndpoint", "e", [rel("/worker", "ModuleWorker", "w")], { status: "False", reason: "DependencyMissing", hostReason: "/worker gone" }),
    ];
    expect(aggregateTree(worker, resources).split("\n")).toEqual([
      "ModuleWorker w  gen 1  Ready True Available",
      "├─ WorkerDeployment d  gen 1  Ready True Available",
      "│  └─ /versions/0/workerVersion (weight 10000) DRIFT ExternalChange: WorkerVersion v  gen 1  Ready True Available",
      "│     ├─ /bundle: WorkerBundle b  gen 1  Ready True Available",
      "│     └─ /kvBindings/0/resource (name KV): EdgeKVNamespace gone  MISSING (pinned uid u-gone)",
      "└─ WorkerEndpoint e  gen 1  Ready False DependencyMissing: /worker gone",
    ]);
  });
});
