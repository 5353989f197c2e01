// The read-only lookups the relation and Worker-aggregate rules need, and the plain records they
// exchange with the host. The host implements RelationView over its store, scoped to the
// AUTHENTICATED tenant of the request (or, at commit, the tenant the mutation was admitted from):
// nothing reachable through a view may belong to another tenant. The rules themselves do no I/O.

import type { BindingDefinition, BindingRef, ExactFormRef, FormDefinition } from "../../../corpus/lib/index.js";

/**
 * One stored resolution of a relation: the record the spec names, spelled as corpus/schemas
 * host-api-wire-v1beta1 $defs/relationRecord spells it (ADR 0011: camelCase targetApiVersion and
 * targetUid). pointer is the concrete instance pointer ("/versions/0/workerVersion"); relation is
 * the derived pattern it came from ("/versions/*\/workerVersion").
 */
export interface RelationRecord {
  pointer: string;
  relation: string;
  targetApiVersion: string;
  targetKind: string;
  targetName: string;
  targetUid: string;
  targetFormRef: ExactFormRef;
  bindingRef?: BindingRef;
}

/** A wire condition without its timestamp (the host stamps lastTransitionTime). */
export interface RenderedCondition {
  type: "Ready";
  status: "True" | "False" | "Unknown";
  reason: "Available" | "Provisioning" | "ExternalChange" | "DependencyMissing" | "UnsupportedCapability";
  hostReason?: string;
  message?: string;
}

export interface StoredCondition {
  type: string;
  status: string;
  reason?: string;
}

/** A stored resource as the rules see it. */
export interface StoredTarget {
  uid: string;
  space: string;
  name: string;
  /** The exact ref the resource was created under (decision 0022 rule 3). */
  formRef: ExactFormRef;
  /** The materialized desired spec. */
  spec: Record<string, unknown>;
  status?: { conditions?: readonly StoredCondition[] };
  /** The relations this resource pinned when its last mutation was accepted. */
  relations: readonly RelationRecord[];
  /** True while an accepted delete is removing this resource. */
  deleting?: boolean;
}

/** A live resource holding a relation to some uid, with the record that holds it. */
export interface Holder {
  uid: string;
  space: string;
  name: string;
  formRef: ExactFormRef;
  record: RelationRecord;
}

/** An installed Binding contract and the schemaDigest this host recomputed for it. */
export interface InstalledBindingContract {
  ref: BindingRef;
  definition: BindingDefinition;
}

export interface RelationView {
  /** The stored resource a reference names in one space, or undefined. The host may look up by name only; the rules re-check group and kind. */
  resolve(space: string, apiVersion: string, kind: string, name: string): StoredTarget | undefined;
  /** A stored resource by its uid (within the tenant), or undefined. */
  byUid(uid: string): StoredTarget | undefined;
  /** The installed Form Definition of an exact ref, or undefined when no longer installed. */
  definitionOf(ref: ExactFormRef): FormDefinition | undefined;
  /** The Binding contract this host installed under (name, version), whatever its digest; undefined when none. */
  installedBinding(name: string, version: string): InstalledBindingContract | undefined;
  /** Every live resource whose stored relations target `uid` (the uid's own resource included, if it references itself). */
  holdersOf(uid: string): readonly Holder[];
}
