// One resource as the listing shows it: identity (kind, name, exact FormRef, uid), generation and
// revision, the whole condition list with the Ready condition lifted out, the outputs, and every
// relation with the pin it holds (target uid and exact FormRef) and whether that pin has drifted
// (the target under that name is gone or is another incarnation; relation-drift.ts).

import type { JsonObject } from "../../corpus/lib/index.js";
import type { DriftFinding } from "../rules/relations/relation-drift.js";
import type { RelationRecord } from "../rules/relations/view.js";
import type { ResourceRecord } from "../store/records.js";
import type { Condition } from "../wire/conditions.js";

export interface ListedRelation {
  pointer: string;
  relation: string;
  target: { apiVersion: string; kind: string; name: string };
  /** The pin: the incarnation and exact FormRef this resource resolved the reference to. */
  pinned: { uid: string; formRef: RelationRecord["targetFormRef"] };
  bindingRef?: RelationRecord["bindingRef"];
  /** Scalar members beside the reference in its array element (a binding's name, a version's weight). */
  context?: Record<string, string | number | boolean>;
  /** Present when the pin no longer matches what the name resolves to now. */
  drift?: { reason: DriftFinding["reason"]; currentUid?: string; currentFormRef?: DriftFinding["currentFormRef"] };
}

export interface ListedResource {
  space: string;
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  formRef: ResourceRecord["ref"];
  generation: string;
  revision: string;
  createdAt: string;
  ready: Pick<Condition, "status" | "reason" | "hostReason" | "message"> | null;
  conditions: Condition[];
  outputs?: JsonObject;
  relations: ListedRelation[];
}

/** The array element a relation pointer sits in, or undefined when the reference is not in an array. */
export function relationContext(spec: JsonObject, pointer: string): Record<string, string | number | boolean> | undefined {
  const segments = pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (segments.length < 3 || !/^(0|[1-9][0-9]*)$/.test(segments[segments.length - 2]!)) return undefined;
  let node: unknown = spec;
  for (const segment of segments.slice(0, -1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  if (node === null || typeof node !== "object" || Array.isArray(node)) return undefined;
  const context: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === segments[segments.length - 1]) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") context[key] = value;
  }
  return Object.keys(context).length === 0 ? undefined : context;
}

function listedRelation(record: ResourceRecord, relation: RelationRecord, finding: DriftFinding | undefined): ListedRelation {
  const listed: ListedRelation = {
    pointer: relation.pointer,
    relation: relation.relation,
    target: { apiVersion: relation.targetApiVersion, kind: relation.targetKind, name: relation.targetName },
    pinned: { uid: relation.targetUid, formRef: { ...relation.targetFormRef } },
  };
  if (relation.bindingRef !== undefined) listed.bindingRef = { ...relation.bindingRef };
  const context = relationContext(record.spec, relation.pointer);
  if (context !== undefined) listed.context = context;
  if (finding !== undefined) {
    listed.drift = { reason: finding.reason };
    if (finding.currentUID !== undefined) listed.drift.currentUid = finding.currentUID;
    if (finding.currentFormRef !== undefined) listed.drift.currentFormRef = { ...finding.currentFormRef };
  }
  return listed;
}

export function listedResource(record: ResourceRecord, findings: readonly DriftFinding[]): ListedResource {
  const ready = record.conditions.find((condition) => condition.type === "Ready");
  const listed: ListedResource = {
    space: record.space,
    apiVersion: record.ref.apiVersion,
    kind: record.ref.kind,
    name: record.name,
    uid: record.uid,
    formRef: { ...record.ref },
    generation: record.generation,
    revision: record.revision,
    createdAt: record.createdAt,
    ready:
      ready === undefined
        ? null
        : {
            status: ready.status,
            reason: ready.reason,
            ...(ready.hostReason === undefined ? {} : { hostReason: ready.hostReason }),
            ...(ready.message === undefined ? {} : { message: ready.message }),
          },
    conditions: record.conditions.map((condition) => ({ ...condition })),
    relations: (record.relations ?? []).map((relation) =>
      listedRelation(
        record,
        relation,
        findings.find((finding) => finding.pointer === relation.pointer),
      ),
    ),
  };
  if (record.outputs !== undefined) listed.outputs = record.outputs;
  return listed;
}
