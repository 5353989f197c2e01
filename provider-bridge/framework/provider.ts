// A provider to the framework: its configuration schema and handling, and its
// resource types. The rpc layer serves any ProviderDefinition.
import type { SchemaJson } from "../schema/schema-json.js";
import type { CtyObject } from "../wire/value.js";
import type { Diagnostic } from "./diagnostics.js";
import type { Resource } from "./resource.js";

export interface ConfigureResult<P> {
  provider?: P;
  diagnostics: Diagnostic[];
}

export interface ProviderDefinition<P = unknown> {
  /** The provider's local name, the prefix of every resource type ("takoform"). */
  readonly typeName: string;
  schema(): SchemaJson;
  /** Checks provider configuration that may still contain unknown values. */
  validateConfig?(config: CtyObject): Diagnostic[];
  /** Runs once per provider process before resources are used. */
  configure(config: CtyObject, terraformVersion: string): ConfigureResult<P> | Promise<ConfigureResult<P>>;
  resources(): readonly Resource<P>[];
}
