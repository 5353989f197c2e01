// What a managed resource type is to the framework: metadata and schema, the
// four lifecycle operations, and optional capabilities. Every value handed to
// a resource is already decoded against its schema; every result is checked
// and encoded by the rpc layer. Diagnostics are returned, never thrown.
import type { SchemaJson } from "../schema/schema-json.js";
import type { CtyObject } from "../wire/value.js";
import type { Diagnostic } from "./diagnostics.js";
import type { AttributePath } from "./path.js";

/** Opaque per-instance data Terraform stores next to state; JSON here. */
export type PrivateState = Record<string, unknown>;

export interface ResourceContext<P> {
  /** The provider configuration ConfigureProvider produced; undefined before it or when it failed. */
  readonly provider: P | undefined;
  /** Aborted when Terraform calls StopProvider (Ctrl-C): finish or give up promptly. */
  readonly signal: AbortSignal;
  /** Whether Terraform accepts a deferred answer in this call. */
  readonly deferralAllowed: boolean;
}

export interface PlanRequest {
  /** null on create. */
  readonly prior: CtyObject | null;
  /** Terraform's proposal: config merged with prior computed values. */
  readonly proposed: CtyObject;
  readonly config: CtyObject;
  readonly priorPrivate: PrivateState | undefined;
}

/** The plan being built; modifyPlan may change planned values, replacement paths and private data. */
export interface PlanDraft {
  planned: CtyObject;
  requiresReplace: AttributePath[];
  plannedPrivate: PrivateState | undefined;
}

export interface ApplyRequest {
  readonly prior: CtyObject | null;
  readonly planned: CtyObject;
  readonly config: CtyObject;
  readonly plannedPrivate: PrivateState | undefined;
}

export interface ApplyResult {
  /** The new state; undefined or null when nothing was created (create) or to keep prior state (update). */
  state?: CtyObject | null;
  private?: PrivateState;
  diagnostics: Diagnostic[];
}

export interface ReadResult {
  /** null: the remote object is gone, and Terraform will plan to create it again. */
  state: CtyObject | null;
  private?: PrivateState;
  diagnostics: Diagnostic[];
}

export interface ImportResult {
  /** A state for ReadResource to complete; the framework fills every missing attribute with null. */
  state?: CtyObject;
  private?: PrivateState;
  diagnostics: Diagnostic[];
}

export interface UpgradeResult {
  state?: CtyObject;
  diagnostics: Diagnostic[];
}

export interface Resource<P = unknown> {
  metadata(): { typeName: string };
  schema(): SchemaJson;

  /** Checks configuration that may still contain unknown values. */
  validateConfig?(config: CtyObject, ctx: ResourceContext<P>): Diagnostic[] | Promise<Diagnostic[]>;
  /** Adjusts the framework's default plan (defaults, replacement, values apply will change). */
  modifyPlan?(req: PlanRequest, draft: PlanDraft, ctx: ResourceContext<P>): Diagnostic[] | Promise<Diagnostic[]>;

  create(req: ApplyRequest, ctx: ResourceContext<P>): Promise<ApplyResult>;
  read(state: CtyObject, priv: PrivateState | undefined, ctx: ResourceContext<P>): Promise<ReadResult>;
  update(req: ApplyRequest, ctx: ResourceContext<P>): Promise<ApplyResult>;
  /** `private` on a failed delete replaces the stored private data (an attempt kept open, ADR 0160). */
  delete(prior: CtyObject, priv: PrivateState | undefined, ctx: ResourceContext<P>): Promise<{ private?: PrivateState; diagnostics: Diagnostic[] }>;

  /** `terraform import` / import blocks: a partial state from the author's id. */
  importState?(id: string, ctx: ResourceContext<P>): Promise<ImportResult>;
  /** State stored by an older schema version, as the raw JSON Terraform kept. */
  upgradeState?(fromVersion: number, rawJson: Uint8Array, ctx: ResourceContext<P>): Promise<UpgradeResult>;
}
