// What one Form kind means beyond the generic Form rules (installed schema, defaults, relations,
// fences, generic rendering). Every lifecycle stage asks the KindRegistry for the behaviour of the
// FormRef it handles and runs the member it needs; a kind without a module (an Edge kind with no
// extra rule, or any kind a Form Package installed with --forms brings) gets the generic
// behaviour only. Members are optional: a stage skips a kind that leaves its member out.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { Diagnostic, HostForm } from "../catalog/host-form.js";
import type { OutputProducer } from "../outputs/producers.js";
import type { RelationRecord, RelationView } from "../rules/relations/view.js";
import type { RuntimeProjection } from "../runtime/projection.js";
import type { ScopedKey } from "../store/keys.js";
import type { ResourceRecord } from "../store/records.js";
import type { TenantScope } from "../store/scope.js";
import type { Condition } from "../wire/conditions.js";

/** What a kind module may read: the tenant view of ONE request (implemented by lifecycle/admission/tenant-view.ts). */
export interface KindView extends RelationView {
  readonly scope: TenantScope;
  recordByUid(uid: string): ResourceRecord | undefined;
  /** Live resources whose stored relations name this address. */
  pinnersOf(address: { space: string; apiVersion: string; kind: string; name: string }): ResourceRecord[];
  /** The canonical text of a manifest this tenant committed (undefined: absent or another tenant's). */
  heldManifest(digest: string): string | undefined;
  /** The bytes of a blob this tenant holds (undefined: absent or only another tenant's). */
  heldBlob(digest: string): Uint8Array | undefined;
  /** The SQLite file of one of this tenant's database incarnations. */
  databasePath(uid: string): string | undefined;
  /** The values of a kind index under a prefix built from this view's scope (store/keys.ts). */
  indexed<T>(prefix: ScopedKey): T[];
  /** Whether this tenant holds a sensitive value for (space, worker, name); never the value. */
  holdsSecret(space: string, worker: string, name: string): boolean;
}

/** The request a kind admits: the materialized spec and the relations THIS request resolved. */
export interface KindAdmission {
  form: HostForm;
  spec: JsonObject;
  space: string;
  name: string;
  /** The incarnation being updated; absent on create. */
  self?: ResourceRecord;
  records: RelationRecord[];
}

/** One entry of a kind-maintained index, written and released with the record at commit. */
export interface IndexEntry {
  key: ScopedKey;
  value: unknown;
}

export type DerivedCondition = Omit<Condition, "lastTransitionTime">;

export interface KindBehaviour {
  /** Canonicalization at the defaults entry point, before validation and digesting; returns the spec to use. */
  canonicalize?(spec: JsonObject): { spec: JsonObject; diagnostics: Diagnostic[] };
  /** Spec-only rules over a schema-valid materialized spec (diagnostics on validate, refusals elsewhere). */
  specRules?(spec: JsonObject): Diagnostic[];
  /** Admission against the tenant view, before any mutation, on apply, import and a 202's commit; throws the refusal. */
  admit?(view: KindView, input: KindAdmission): void;
  /**
   * Work the commit of an accepted mutation performs outside the store (after every other rule):
   * when `admitOnly` (a 202 being accepted) it only proves the work can run; throws the refusal.
   */
  execute?(view: KindView, relations: readonly RelationRecord[], admitOnly: boolean): Promise<void>;
  /** The index entries a live record of this kind holds; the commit writes new ones and releases stale ones. */
  indexes?(scope: TenantScope, record: ResourceRecord): IndexEntry[];
  /** Other live records whose rendering a commit of `record` (before or after it) may change, beyond its pinners. */
  affected?(view: KindView, record: ResourceRecord): ResourceRecord[];
  /** A Ready condition this kind derives from other state (undefined: nothing to say). */
  derivedReady?(view: KindView, record: ResourceRecord): DerivedCondition | undefined;
  /** The rendering reads state outside the store, so read and observe re-render it. */
  rendersOutsideStore?: boolean;
  /** Refuses a delete this kind must not allow (beyond dependency protection); throws the refusal. */
  deleteGuard?(view: KindView, record: ResourceRecord): void;
  /** Host-computed status.outputs of a new incarnation (Declared outputs). */
  outputs?: OutputProducer;
  /**
   * The runtime projection of this kind for the data plane: how a live record of the kind is
   * turned into what the edge runtime serves (workers, routes, bindings, consumers, schedules;
   * host/runtime/projection.ts). A loader, so the control plane never imports data-plane code:
   * write the projection in host/kinds/runtime/<kind>.ts and import it here on first use.
   */
  runtime?(): Promise<RuntimeProjection>;
}

/** The behaviour of every kind this host knows, looked up by exact group/version and kind. */
export interface KindRegistry {
  of(ref: { apiVersion: string; kind: string }): KindBehaviour | undefined;
}
