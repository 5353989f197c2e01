// takoform_secret: one sensitive value of a worker, through the host's sensitive-values extension
// (host/http/routes/secrets.ts, docs/decisions/0200-sensitive-values.md). `value` is a Terraform
// 1.11 WRITE-ONLY attribute: Terraform hands it to the provider in the configuration of an apply
// and never stores it in a plan or in state, so a configuration supplies a secret without putting
// it in state. Because Terraform cannot see a write-only value change, bump `value_version` to
// send a new value. space, worker and name force replacement.
//
// Not a Form: the value is outside portable state by definition (WorkerVersion
// requiredSensitiveVars: "values never are"), so this type talks to the host extension, not the lane.

import type { ProviderConfig } from "../config/provider-config.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import { addReplacePath, changedReplacePaths } from "../framework/plan.js";
import type { ApplyRequest, ApplyResult, PlanDraft, PlanRequest, ReadResult, Resource, ResourceContext } from "../framework/resource.js";
import { HostError } from "../client/errors.js";
import { compileSchema, type CompiledSchema } from "../schema/compiled.js";
import type { SchemaJson } from "../schema/schema-json.js";
import { ctyObject, isUnknown, type CtyObject } from "../wire/value.js";
import { connect, spaceOf } from "../lifecycle/context.js";
import type { HostApi } from "../lifecycle/host-api.js";

export const SECRET_TYPE = "takoform_secret";
const NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
const WORKER = /^[a-z][a-z0-9-]{0,62}$/;
const REPLACING = ["space", "worker", "name"] as const;

function str(state: CtyObject | null, name: string): string | undefined {
  const v = state?.[name];
  return typeof v === "string" ? v : undefined;
}

function url(api: HostApi, space: string, worker: string, name?: string): string {
  const base = `${new URL(api.http.base).origin}/x-takoform/v1/spaces/${encodeURIComponent(space)}/workers/${encodeURIComponent(worker)}/secrets`;
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

function failure(op: string, what: string, err: unknown): Diagnostic {
  if (err instanceof HostError) return errorDiag(`Cannot ${op} ${what}`, `The host refused with ${err.code}: ${err.message}`);
  return errorDiag(`Cannot ${op} ${what}`, (err as Error).message);
}

/** The type's schema is the one schema.json carries (codegen/model/host-extensions.ts). */
export class SecretResource implements Resource<ProviderConfig> {
  readonly #schema: SchemaJson;
  readonly #block: CompiledSchema["block"];

  constructor(schema: SchemaJson) {
    this.#schema = schema;
    this.#block = compileSchema(schema).block;
  }

  metadata() {
    return { typeName: SECRET_TYPE };
  }

  schema(): SchemaJson {
    return this.#schema;
  }

  validateConfig(config: CtyObject): Diagnostic[] {
    const diags: Diagnostic[] = [];
    const name = config.name;
    const worker = config.worker;
    if (typeof name === "string" && !NAME.test(name))
      diags.push(
        errorDiag("Invalid secret name", "name must match ^[A-Z][A-Z0-9_]{0,63}$ (a requiredSensitiveVars name), e.g. API_TOKEN.", [{ attribute: "name" }]),
      );
    if (typeof worker === "string" && !WORKER.test(worker))
      diags.push(errorDiag("Invalid worker name", "worker must be a ModuleWorker metadata.name (^[a-z][a-z0-9-]{0,62}$).", [{ attribute: "worker" }]));
    return diags;
  }

  modifyPlan(req: PlanRequest, draft: PlanDraft, ctx: ResourceContext<ProviderConfig>): Diagnostic[] {
    // Write-only: never planned.
    draft.planned.value = null;
    if (draft.planned.space === null || isUnknown(draft.planned.space)) {
      draft.planned.space = str(req.config, "space") ?? (req.prior === null ? spaceOf(req.config, ctx.provider) : (req.prior.space ?? null));
    }
    const { space, worker, name } = { space: draft.planned.space, worker: draft.planned.worker, name: draft.planned.name };
    draft.planned.id =
      typeof space === "string" && typeof worker === "string" && typeof name === "string" ? `${space}/${worker}/${name}` : (draft.planned.id ?? null);
    for (const p of changedReplacePaths(this.#block, REPLACING, req.prior, draft.planned)) addReplacePath(draft.requiresReplace, p);
    return [];
  }

  private async put(req: ApplyRequest, ctx: ResourceContext<ProviderConfig>, op: string): Promise<ApplyResult> {
    const space = str(req.planned, "space")!;
    const worker = str(req.planned, "worker")!;
    const name = str(req.planned, "name")!;
    const what = `${SECRET_TYPE} "${space}/${worker}/${name}"`;
    const value = str(req.config, "value");
    if (value === undefined)
      return {
        diagnostics: [errorDiag(`Cannot ${op} ${what}`, "value is required (a write-only attribute needs Terraform 1.11 or later).", [{ attribute: "value" }])],
      };
    const connected = await connect(ctx);
    if ("error" in connected) return { diagnostics: [connected.error] };
    try {
      await connected.api.http.send("PUT", url(connected.api, space, worker, name), {
        body: { value },
        deadline: Date.now() + connected.api.config.requestTimeoutMs,
      });
    } catch (err) {
      return { diagnostics: [failure(op, what, err)] };
    }
    return { state: ctyObject([...Object.entries(req.planned), ["value", null]]), diagnostics: [] };
  }

  create(req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return this.put(req, ctx, "create");
  }

  update(req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
    return this.put(req, ctx, "update");
  }

  async read(state: CtyObject, _priv: unknown, ctx: ResourceContext<ProviderConfig>): Promise<ReadResult> {
    const space = str(state, "space");
    const worker = str(state, "worker");
    const name = str(state, "name");
    if (space === undefined || worker === undefined || name === undefined) return { state, diagnostics: [] };
    const connected = await connect(ctx);
    if ("error" in connected) return { state, diagnostics: [connected.error] };
    try {
      const res = await connected.api.http.send("GET", url(connected.api, space, worker), { deadline: Date.now() + connected.api.config.requestTimeoutMs });
      const held = ((res.body as { secrets?: { name: string }[] }).secrets ?? []).some((s) => s.name === name);
      return { state: held ? ctyObject([...Object.entries(state), ["value", null]]) : null, diagnostics: [] };
    } catch (err) {
      return { state, diagnostics: [failure("read", `${SECRET_TYPE} "${space}/${worker}/${name}"`, err)] };
    }
  }

  async delete(prior: CtyObject, _priv: unknown, ctx: ResourceContext<ProviderConfig>): Promise<{ diagnostics: Diagnostic[] }> {
    const space = str(prior, "space")!;
    const worker = str(prior, "worker")!;
    const name = str(prior, "name")!;
    const connected = await connect(ctx);
    if ("error" in connected) return { diagnostics: [connected.error] };
    try {
      await connected.api.http.send("DELETE", url(connected.api, space, worker, name), { deadline: Date.now() + connected.api.config.requestTimeoutMs });
    } catch (err) {
      // Already gone is what a delete wants.
      if (!(err instanceof HostError && err.code === "resource_not_found"))
        return { diagnostics: [failure("delete", `${SECRET_TYPE} "${space}/${worker}/${name}"`, err)] };
    }
    return { diagnostics: [] };
  }
}
