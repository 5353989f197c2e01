// ProviderModel -> generated/provider/schema.json, exactly the document
// `terraform providers schema -json` prints for this provider.

import { artifactSourceAttributes } from "../../model/artifact-kinds.js";
import { addressAttributes, identityAttributes } from "../../model/identity-attributes.js";
import { providerConfigAttributes } from "../../model/provider-config.js";
import { HOST_EXTENSION_RESOURCES } from "../../model/host-extensions.js";
import type { ProviderModel, ResourceModel } from "../../model/types.js";
import { attributesJson } from "./attribute-json.js";

/** Schema version of every resource type; bumped with a state upgrader when a layout moves. */
export const RESOURCE_SCHEMA_VERSION = 2;

export const PROVIDER_DESCRIPTION =
  "Manages resources of the Takoform Host API v1beta1: one resource type per installed Form kind, generated from the Form Definitions.";

export function resourceBlock(r: ResourceModel): Record<string, unknown> {
  const attributes = [...addressAttributes(), ...artifactSourceAttributes(r), ...r.attributes, ...r.outputs, ...identityAttributes()];
  return {
    version: RESOURCE_SCHEMA_VERSION,
    block: {
      attributes: attributesJson(attributes),
      description: r.description,
      description_kind: "plain",
    },
  };
}

export function providerSchemaDocument(model: ProviderModel): Record<string, unknown> {
  const generated = model.resources.map((r): [string, unknown] => [r.typeName, resourceBlock(r)]);
  const all = [...generated, ...Object.entries(HOST_EXTENSION_RESOURCES)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const resources = Object.fromEntries(all);
  return {
    format_version: "1.0",
    provider_schemas: {
      [model.source]: {
        provider: {
          version: 0,
          block: { attributes: attributesJson(providerConfigAttributes()), description: PROVIDER_DESCRIPTION, description_kind: "plain" },
        },
        resource_schemas: resources,
      },
    },
  };
}

export function emitProviderSchema(model: ProviderModel): string {
  return JSON.stringify(providerSchemaDocument(model), null, 2) + "\n";
}
