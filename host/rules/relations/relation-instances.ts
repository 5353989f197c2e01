// Expands the derived relations of a Form (RelationSpec patterns) into the concrete references a
// materialized spec carries, in relation order and then document order. A relation whose
// location is absent from the spec is not present and yields nothing.

import type { RelationSpec } from "../../../corpus/lib/index.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { matchPattern } from "./pointer.js";

export interface ReferenceValue {
  apiVersion: string;
  kind: string;
  name: string;
}

export interface RelationInstance {
  /** Concrete pointer of the reference in the spec. */
  pointer: string;
  spec: RelationSpec;
  reference: ReferenceValue;
}

export function relationInstances(spec: Record<string, unknown>, relations: readonly RelationSpec[]): RuleOutcome<{ instances: RelationInstance[] }> {
  const instances: RelationInstance[] = [];
  for (const relation of relations) {
    for (const match of matchPattern(spec, relation.pointer)) {
      const reference = asReference(match.value);
      if (reference === undefined) {
        return refuse("invalid_argument", `${match.pointer}: a reference must be an object carrying string apiVersion, kind and name`, match.pointer);
      }
      instances.push({ pointer: match.pointer, spec: relation, reference });
    }
  }
  return accept({ instances });
}

function asReference(value: unknown): ReferenceValue | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const { apiVersion, kind, name } = record;
  if (typeof apiVersion !== "string" || typeof kind !== "string" || typeof name !== "string") return undefined;
  return { apiVersion, kind, name };
}
