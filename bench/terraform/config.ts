// Terraform configurations of the Terraform benchmark: N terraform_data resources (Terraform's
// built-in floor) and N takoform resources of the cheapest Form (EdgeKVNamespace, empty spec).

export const TAKOFORM_TYPE = "takoform_edge_kv_namespace";
export const DEFAULT_PROVIDER_SOURCE = "takoform/takoform";

export function terraformDataConfig(count: number): string {
  return [`resource "terraform_data" "r" {`, `  count = ${count}`, `  input = "value-\${count.index}"`, `}`, ``].join("\n");
}

export interface TakoformProviderSettings {
  source: string;
  endpoint: string;
  token: string;
  space: string;
}

/**
 * N takoform resources named kv-<tag>-<index>. Each run uses its own tag, so no run creates a
 * name an earlier run destroyed (a host replays a recorded delete of an earlier incarnation when
 * a client derives its Idempotency-Key from the request alone; see bench/README.md).
 */
export function takoformConfig(count: number, provider: TakoformProviderSettings, tag = String(count)): string {
  return [
    `terraform {`,
    `  required_providers {`,
    `    takoform = {`,
    `      source = ${JSON.stringify(provider.source)}`,
    `    }`,
    `  }`,
    `}`,
    ``,
    `provider "takoform" {`,
    `  endpoint = ${JSON.stringify(provider.endpoint)}`,
    `  token    = ${JSON.stringify(provider.token)}`,
    `  space    = ${JSON.stringify(provider.space)}`,
    `}`,
    ``,
    `resource "${TAKOFORM_TYPE}" "r" {`,
    `  count = ${count}`,
    `  name  = "kv-${tag}-\${count.index}"`,
    `}`,
    ``,
  ].join("\n");
}

/**
 * The provider source address a CLI configuration written by `takoform provider install` maps:
 * the first quoted "[host/]namespace/takoform" in it, else the documented default.
 */
export function providerSourceIn(cliConfig: string): string {
  const match = /"((?:[a-z0-9.-]+\/)?[a-z0-9_-]+\/takoform)"/i.exec(cliConfig);
  return match?.[1] ?? DEFAULT_PROVIDER_SOURCE;
}
