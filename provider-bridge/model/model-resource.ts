// A takoform_* resource type driven by the generated model: its schema comes
// from schema.json, validation and planning from the model. The lifecycle
// calls to the host (prepare/apply, read, delete, import, operations) are
// phase 2 of the provider bridge and answer with an error until then.
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ApplyRequest, ApplyResult, ImportResult, PlanDraft, PlanRequest, PrivateState, ReadResult, Resource, ResourceContext } from "../framework/resource.js";
import type { ProviderConfig } from "../config/provider-config.js";
import { compileSchema, type CompiledSchema } from "../schema/compiled.js";
import type { SchemaJson } from "../schema/schema-json.js";
import type { CtyObject } from "../wire/value.js";
import { modifyModelPlan } from "./plan-rules.js";
import type { ResourceModel } from "./types.js";
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

  modifyPlan(req: PlanRequest, draft: PlanDraft): Diagnostic[] {
    return modifyModelPlan(this.model, this.compiled().block, req, draft);
  }

  private unavailable(operation: string): Diagnostic {
    return errorDiag(
      `Cannot ${operation} ${this.model.typeName} yet`,
      `This build of the takoform provider plans ${this.model.kind} resources but does not yet talk to a host to ${operation} them.`,
    );
  }

  async create(_req: ApplyRequest, _ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return { diagnostics: [this.unavailable("create")] };
  }

  async read(state: CtyObject, _priv: PrivateState | undefined, _ctx: ResourceContext<ProviderConfig>): Promise<ReadResult> {
    return { state, diagnostics: [this.unavailable("read")] };
  }

  async update(_req: ApplyRequest, _ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return { diagnostics: [this.unavailable("update")] };
  }

  async delete(_prior: CtyObject, _priv: PrivateState | undefined, _ctx: ResourceContext<ProviderConfig>): Promise<{ diagnostics: Diagnostic[] }> {
    return { diagnostics: [this.unavailable("delete")] };
  }

  async importState(_id: string, _ctx: ResourceContext<ProviderConfig>): Promise<ImportResult> {
    return { diagnostics: [this.unavailable("import")] };
  }
}
