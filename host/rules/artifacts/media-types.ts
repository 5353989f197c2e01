// Media-type policy of artifact manifests (Host API v1beta1 "A bundle's modules are what the
// runtime can load"; artifact-transport). WorkerBundle modules are exactly the LOADABLE set of
// worker.runtime@1.0.0 plus the AUXILIARY set (source maps), never application/json. Migration
// files are exactly application/sql. Static files take any lowercase type/subtype, no parameters.

import type { InterfaceDefinition } from "../../../corpus/lib/index.js";

export interface ModuleMediaTypes {
  loadable: readonly string[];
  auxiliary: readonly string[];
}

/** worker.runtime@1.0.0's sets, as its loadModule operation states them. */
export const RUNTIME_MODULE_MEDIA_TYPES: ModuleMediaTypes = Object.freeze({
  loadable: Object.freeze(["application/javascript+module", "text/plain", "application/octet-stream", "application/wasm"]),
  auxiliary: Object.freeze(["application/source-map+json"]),
});

export const MIGRATION_MEDIA_TYPE = "application/sql";

const STATIC_MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
export const MAX_MEDIA_TYPE_LENGTH = 255;

export function isStaticFileMediaType(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_MEDIA_TYPE_LENGTH && STATIC_MEDIA_TYPE.test(value);
}

/**
 * The loadable and auxiliary sets a runtime Interface definition states: loadModule's
 * modules[].mediaType enum and auxiliaryModules[].mediaType enum. Undefined when it states neither.
 */
export function runtimeModuleMediaTypes(runtime: InterfaceDefinition): ModuleMediaTypes | undefined {
  const load = (runtime.operations ?? []).find((op) => op.name === "loadModule");
  const props = (load?.["inputSchema"] as { properties?: Record<string, unknown> } | undefined)?.properties;
  const enumOf = (member: string): string[] | undefined => {
    const items = (props?.[member] as { items?: { properties?: { mediaType?: { enum?: unknown } } } } | undefined)?.items;
    const values = items?.properties?.mediaType?.enum;
    return Array.isArray(values) && values.every((v) => typeof v === "string") ? [...values] : undefined;
  };
  const loadable = enumOf("modules");
  if (loadable === undefined) return undefined;
  return { loadable, auxiliary: enumOf("auxiliaryModules") ?? [] };
}
