// The state one provider process keeps between RPCs: the definition it
// serves, its compiled schemas, the configured provider, and the stop signal.
// Terraform starts a fresh process per phase, so nothing here outlives a phase.
import { checkSchemaBlock } from "../schema/check.js";
import { compileSchema, type CompiledSchema } from "../schema/compiled.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ProviderDefinition } from "../framework/provider.js";
import type { PrivateState, Resource, ResourceContext } from "../framework/resource.js";

export interface ServedResource<P> {
  readonly resource: Resource<P>;
  readonly typeName: string;
  readonly schema: CompiledSchema;
}

export class ProviderServer<P = unknown> {
  readonly providerSchema: CompiledSchema;
  readonly resources = new Map<string, ServedResource<P>>();
  /** Problems found in the schemas; served as error diagnostics by GetProviderSchema. */
  readonly schemaProblems: Diagnostic[] = [];
  private configured: P | undefined;
  private readonly stop = new AbortController();
  private deferral = false;

  constructor(readonly definition: ProviderDefinition<P>) {
    const providerSchema = definition.schema();
    for (const p of checkSchemaBlock(providerSchema.block)) this.schemaProblems.push(errorDiag("Invalid provider schema", p));
    this.providerSchema = compileSchema(providerSchema);
    for (const resource of definition.resources()) {
      const { typeName } = resource.metadata();
      const schema = resource.schema();
      const problems = checkSchemaBlock(schema.block);
      for (const p of problems) this.schemaProblems.push(errorDiag(`Invalid schema for resource type ${typeName}`, p));
      if (!typeName.startsWith(`${definition.typeName}_`)) {
        this.schemaProblems.push(errorDiag(`Invalid resource type name ${typeName}`, `Resource types of this provider start with "${definition.typeName}_".`));
      }
      if (problems.length === 0) this.resources.set(typeName, { resource, typeName, schema: compileSchema(schema) });
    }
  }

  resource(typeName: string): ServedResource<P> | { error: Diagnostic } {
    const r = this.resources.get(typeName);
    if (r) return r;
    return { error: errorDiag("Unknown resource type", `The takoform provider has no resource type "${typeName}".`) };
  }

  setConfigured(provider: P | undefined): void {
    this.configured = provider;
  }

  /** StopProvider: ask running operations to finish or give up. */
  requestStop(): void {
    this.stop.abort(new Error("Terraform asked the provider to stop"));
  }

  context(deferralAllowed = false): ResourceContext<P> {
    this.deferral = deferralAllowed;
    return { provider: this.configured, signal: this.stop.signal, deferralAllowed: this.deferral };
  }
}

const utf8 = new TextEncoder();

/** Private bytes <-> JSON object. Empty bytes are "no private data". */
export function decodePrivate(bytes: Uint8Array): PrivateState | undefined {
  if (bytes.length === 0) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as PrivateState) : undefined;
  } catch {
    return undefined;
  }
}

export function encodePrivate(p: PrivateState | undefined): Uint8Array {
  return p === undefined || Object.keys(p).length === 0 ? new Uint8Array(0) : utf8.encode(JSON.stringify(p));
}
