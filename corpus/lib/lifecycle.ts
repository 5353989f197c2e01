// Lifecycle capabilities (Host API v1beta1 "Lifecycle capabilities"): derived from a Form's own
// declared fields, never from a table. Every Form has create, read, delete, import, observe; update
// is added only when the Form has at least one mutable top-level desired field and its role is not
// revision. A field is immutable when its pointer is listed in immutableFields or its schema carries
// "x-takoform-immutable": true.

import { isPlainObject } from "./json-file.js";
import { escapeToken } from "./json-pointer.js";
import type { FormDefinition, LifecycleCapability } from "./types.js";

export const BASE_CAPABILITIES: readonly LifecycleCapability[] = ["create", "read", "delete", "import", "observe"];
export const IMMUTABLE_ANNOTATION = "x-takoform-immutable";

type CapabilityInput = Pick<FormDefinition, "role" | "desiredSchema" | "immutableFields">;

/** Names of the top-level desired fields that may change in place. */
export function mutableFields(definition: CapabilityInput): string[] {
  if (definition.role === "revision") return [];
  const properties = definition.desiredSchema.properties;
  if (!isPlainObject(properties)) return [];
  const immutable = new Set(definition.immutableFields ?? []);
  return Object.keys(properties).filter((name) => {
    const schema = properties[name];
    if (immutable.has(`/${escapeToken(name)}`)) return false;
    return !(isPlainObject(schema) && schema[IMMUTABLE_ANNOTATION] === true);
  });
}

/** The capability list in the order definitions declare it: create, read, [update,] delete, import, observe. */
export function deriveLifecycleCapabilities(definition: CapabilityInput): LifecycleCapability[] {
  const capabilities = [...BASE_CAPABILITIES];
  if (mutableFields(definition).length > 0) capabilities.splice(2, 0, "update");
  return capabilities;
}
