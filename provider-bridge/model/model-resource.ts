// A takoform_* resource type driven by the generated model: its schema comes
// from schema.json, validation and planning from the model, and its lifecycle
// from lifecycle/ (prepare/apply, read, delete, import, operations, the
// host's validate at plan time).
import { errorDiag, hasErrors, type Diagnostic } from "../framework/diagnostics.js";
import type {
  ApplyRequest,
  ApplyResult,
  ImportResult,
  PlanDraft,
  PlanRequest,
  PrivateState,
  ReadResult,
  Resource,
  ResourceContext,
  UpgradeResult,
} from "../framework/resource.js";
import { upgradeState } from "../state/upgrade.js";
import type { ProviderConfig } from "../config/provider-config.js";
import { compileSchema, type CompiledSchema } from "../schema/compiled.js";
import type { SchemaJson } from "../schema/schema-json.js";
import { isWhollyKnown, Unknown, UNKNOWN, type CtyObject, type CtyValue } from "../wire/value.js";
import { spaceOf } from "../lifecycle/context.js";
import { deleteResource } from "../lifecycle/delete.js";
import { importResource } from "../lifecycle/adopt.js";
import { createResource, updateResource } from "../lifecycle/mutations.js";
import { driftOf } from "../lifecycle/drift.js";
import { planArtifactSource } from "../lifecycle/artifact-plan.js";
import { readResource } from "../lifecycle/refresh.js";
import { validateOnHost } from "../lifecycle/plan-validate.js";
import { toPlain } from "../lifecycle/spec-mapping.js";
import type { Lifecycle } from "../lifecycle/context.js";
import { dispatchRef, modifyModelPlan } from "./plan-rules.js";
import { VOLATILE_COMPUTED_ATTRIBUTES, type ResourceModel } from "./types.js";
import { validateAttributes } from "./validators.js";

export class ModelResource implements Resource<ProviderConfig> {
  private compiledSchema: CompiledSchema | undefined;

  constructor(
    readonly model: ResourceModel,
    private readonly schemaJson: SchemaJson,
  ) {}

  metadata(): { typeName: string } {
    return { typeName: this.model.typeName };
  }

  schema(): SchemaJson {
    return this.schemaJson;
  }

  private compiled(): CompiledSchema {
    this.compiledSchema ??= compileSchema(this.schemaJson);
    return this.compiledSchema;
  }

  validateConfig(config: CtyObject): Diagnostic[] {
    return validateAttributes(this.model.attributes, config);
  }

  private lifecycle(): Lifecycle {
    return { model: this.model, block: this.compiled().block };
  }

  async modifyPlan(req: PlanRequest, draft: PlanDraft, ctx: ResourceContext<ProviderConfig>): Promise<Diagnostic[]> {
    const artifactDiags = planArtifactSource(this.model, req.config, draft.planned);
    if (hasErrors(artifactDiags)) return artifactDiags;
    const diags = modifyModelPlan(this.model, this.compiled().block, req, draft);
    if (hasErrors(diags)) return diags;
    // A new resource (a create, or the create half of a replacement) lands in the provider's space
    // when its configuration names none: known now whenever the provider block is (ADR 0240).
    if (req.prior === null && (req.config["space"] ?? null) === null && ctx.provider !== undefined && draft.planned["space"] instanceof Unknown)
      draft.planned["space"] = spaceOf(draft.planned, ctx.provider);
    const dispatch = dispatchRef(this.model, req.prior);
    if ("error" in dispatch) return [dispatch.error];
    const capabilities = this.model.capabilities[dispatch.ref.definitionVersion] ?? [];
    const updatable = this.model.role !== "revision" && capabilities.includes("update");
    if (req.prior !== null && updatable && driftOf(req.prior).length > 0) planVolatile(this.model, this.compiled().block, req.config, draft);
    const changed =
      req.prior === null ||
      this.model.attributes.some(
        (a) => !isWhollyKnown(draft.planned[a.name] ?? null) || JSON.stringify(plain(req.prior![a.name])) !== JSON.stringify(plain(draft.planned[a.name])),
      );
    if (changed) diags.push(...(await validateOnHost(this.lifecycle(), dispatch.ref, draft.planned, ctx)));
    return diags;
  }

  create(req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return createResource(this.lifecycle(), req, ctx);
  }

  read(state: CtyObject, _priv: PrivateState | undefined, ctx: ResourceContext<ProviderConfig>): Promise<ReadResult> {
    return readResource(this.lifecycle(), state, ctx);
  }

  update(req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return updateResource(this.lifecycle(), req, ctx);
  }

  delete(
    prior: CtyObject,
    priv: PrivateState | undefined,
    ctx: ResourceContext<ProviderConfig>,
  ): Promise<{ private?: PrivateState; diagnostics: Diagnostic[] }> {
    return deleteResource(this.lifecycle(), prior, priv, ctx);
  }

  importState(id: string, ctx: ResourceContext<ProviderConfig>): Promise<ImportResult> {
    return importResource(this.lifecycle(), id, ctx);
  }

  /** Version 0 (nested conditions, relations and form_ref, ADR 0240) and version 1 (flat status attributes) to version 2 (status_json, ADR 0286). */
  async upgradeState(fromVersion: number, rawJson: Uint8Array): Promise<UpgradeResult> {
    if (fromVersion !== 0 && fromVersion !== 1)
      return { diagnostics: [errorDiag("Unknown state version", `${this.model.typeName}: no upgrade from schema version ${fromVersion} is known.`)] };
    try {
      return { state: upgradeState(fromVersion, this.compiled().block.type, rawJson), diagnostics: [] };
    } catch (err) {
      return {
        diagnostics: [
          errorDiag(
            "Invalid stored state",
            `The stored state of this ${this.model.typeName} (schema version ${fromVersion}) could not be upgraded to version ${this.schemaJson.version}: ${(err as Error).message}. ` +
              "Remove it from state (terraform state rm) and import it again.",
          ),
        ],
      };
    }
  }
}

/** A comparable form of a value (unknowns as a marker). */
function plain(v: CtyValue | undefined): unknown {
  if (v === undefined || v === null) return null;
  return isWhollyKnown(v) ? toPlain(v) : "<unknown>";
}

/** An apply that changes nothing in the spec but re-pins relations: the host's volatile values are unknown. */
function planVolatile(model: ResourceModel, block: CompiledSchema["block"], config: CtyObject, draft: PlanDraft): void {
  for (const name of [...VOLATILE_COMPUTED_ATTRIBUTES, ...model.outputs.map((o) => o.name)]) {
    const compiled = block.attributes.get(name);
    if (compiled && compiled.computed && (config[name] ?? null) === null) draft.planned[name] = UNKNOWN;
  }
}
