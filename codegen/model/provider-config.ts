// The provider configuration block: where the host is, who is calling, and the default space.

import type { AttributeModel } from "./types.js";

function optional(name: string, description: string, sensitive = false): AttributeModel {
  return {
    name,
    wireName: name,
    description,
    type: "string",
    required: false,
    optional: true,
    computed: false,
    sensitive,
    requiresReplace: false,
    validators: [],
  };
}

export function providerConfigAttributes(): AttributeModel[] {
  return [
    optional(
      "endpoint",
      "Base URL of the Host API v1beta1 ({api}), for example https://host.example/api. Falls back to the TAKOFORM_ENDPOINT environment variable.",
    ),
    optional(
      "space",
      "Space that resources without their own `space` are created, read and deleted in. Falls back to the TAKOFORM_SPACE environment variable.",
    ),
    optional(
      "token",
      "Bearer credential sent on every request; the host derives the tenant from it. Falls back to the TAKOFORM_TOKEN environment variable.",
      true,
    ),
  ];
}
