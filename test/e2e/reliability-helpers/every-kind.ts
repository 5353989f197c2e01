// One Terraform configuration holding at least one resource of every kind the provider serves, for
// the plan-stability proof (issue 10). The kinds come from generated/provider/schema.json, so a
// kind added by codegen without a block here fails the test that uses this (kindsWithoutBlock),
// rather than going unchecked. Artifacts come from the corpus's conformance artifacts, copied
// into the working directory and uploaded by the provider from source_dir.

import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HOST_EXTENSION_RESOURCES } from "../../../codegen/model/host-extensions.js";
import { providerConfig, repoRoot } from "../helpers/terraform.js";

const PROVIDER = "registry.terraform.io/takoform/takoform";

/** Every resource type name in the generated provider schema. */
export function servedResourceTypes(): string[] {
  const schema = JSON.parse(readFileSync(join(repoRoot, "generated", "provider", "schema.json"), "utf8")) as {
    provider_schemas: Record<string, { resource_schemas: Record<string, unknown> }>;
  };
  const provider = schema.provider_schemas[PROVIDER];
  if (provider === undefined) throw new Error(`generated/provider/schema.json has no ${PROVIDER}`);
  // Host-extension types are not Forms (takoform_secret: a write-only value, no import); their
  // Terraform behaviour has its own test (test/reliability/secret-sealing-terraform.test.ts).
  return Object.keys(provider.resource_schemas)
    .filter((type) => !(type in HOST_EXTENSION_RESOURCES))
    .sort();
}

export interface Block {
  type: string;
  label: string;
  /** The takoform name (metadata.name) of the resource. */
  name: string;
  body: string;
  /**
   * The body an importing configuration writes, where it must differ: an import has no prior
   * spelling to keep, so a value the host canonicalizes is written in its canonical form there.
   */
  importBody?: string;
}

const ref = (type: string, label: string) => `${type}.${label}.name`;

/**
 * The resources: each kind at least once, and the kinds with optional attributes a second time
 * with every optional attribute set, since an omitted optional the host fills in and a set one
 * it normalizes are where a perpetual diff hides.
 */
export const BLOCKS: Block[] = [
  { type: "takoform_module_worker", label: "api", name: "ps-api", body: "" },
  { type: "takoform_module_worker", label: "peer", name: "ps-peer", body: "" },
  { type: "takoform_edge_kv_namespace", label: "cache", name: "ps-cache", body: "" },
  { type: "takoform_object_bucket", label: "files", name: "ps-files", body: "" },
  { type: "takoform_sqlite_database", label: "db", name: "ps-db", body: "" },
  { type: "takoform_at_least_once_queue", label: "jobs", name: "ps-jobs", body: "message_retention_seconds = 3600" },
  { type: "takoform_at_least_once_queue", label: "dead", name: "ps-dead", body: "message_retention_seconds = 86400\n  delivery_delay_seconds = 5" },
  { type: "takoform_worker_bundle", label: "api", name: "ps-bundle", body: 'source_dir = "${path.module}/bundle"' },
  { type: "takoform_static_asset_bundle", label: "site", name: "ps-site", body: 'source_dir = "${path.module}/site"' },
  { type: "takoform_sqlite_migration_set", label: "schema", name: "ps-schema", body: 'source_dir = "${path.module}/migrations"' },
  {
    type: "takoform_sqlite_migration_application",
    label: "schema",
    name: "ps-schema-on-db",
    body: `database      = ${ref("takoform_sqlite_database", "db")}\n  migration_set = ${ref("takoform_sqlite_migration_set", "schema")}`,
  },
  {
    type: "takoform_worker_version",
    label: "minimal",
    name: "ps-v-minimal",
    // no optional attribute; every handler, since the live deployment weights it beside "full"
    body: `worker   = ${ref("takoform_module_worker", "api")}\n  bundle   = ${ref("takoform_worker_bundle", "api")}\n  handlers = ["scheduled", "fetch", "queue"]`,
  },
  {
    type: "takoform_worker_version",
    label: "peer",
    name: "ps-v-peer",
    body: `worker   = ${ref("takoform_module_worker", "peer")}\n  bundle   = ${ref("takoform_worker_bundle", "api")}\n  handlers = ["fetch"]`,
  },
  {
    // the service binding's target must be deployed and serve fetch
    type: "takoform_worker_deployment",
    label: "peer",
    name: "ps-peer-live",
    body: `worker   = ${ref("takoform_module_worker", "peer")}\n  versions = [{ worker_version = ${ref("takoform_worker_version", "peer")}, weight = 10000 }]`,
  },
  {
    type: "takoform_worker_version",
    label: "full",
    name: "ps-v-full",
    body: [
      `worker   = ${ref("takoform_module_worker", "api")}`,
      `bundle   = ${ref("takoform_worker_bundle", "api")}`,
      `handlers = ["queue", "fetch", "scheduled"]`,
      `kv_bindings             = [{ name = "CACHE", resource = ${ref("takoform_edge_kv_namespace", "cache")} }]`,
      `bucket_bindings         = [{ name = "FILES", resource = ${ref("takoform_object_bucket", "files")} }]`,
      `queue_producer_bindings = [{ name = "JOBS", resource = ${ref("takoform_at_least_once_queue", "jobs")} }]`,
      `sqlite_bindings         = [{ name = "DB", resource = ${ref("takoform_sqlite_database", "db")} }]`,
      `service_bindings        = [{ name = "PEER", resource = ${ref("takoform_module_worker", "peer")} }]`,
      `vars = { GREETING = "hello", LIMIT = 3, FLAGS = { beta = true } }`,
      // No required_sensitive_vars: a version missing a value is not Ready and a deployment may not
      // weight it; a version requiring one beside its takoform_secret is in secret-sealing-terraform.
      `assets = {`,
      `    bundle             = ${ref("takoform_static_asset_bundle", "site")}`,
      `    not_found_handling = "single_page_application"`,
      `    run_worker_first   = false`,
      `  }`,
      `depends_on = [takoform_worker_deployment.peer]`,
    ].join("\n  "),
  },
  {
    type: "takoform_worker_deployment",
    label: "live",
    name: "ps-live",
    body: `worker   = ${ref("takoform_module_worker", "api")}\n  versions = [\n    { worker_version = ${ref("takoform_worker_version", "full")}, weight = 7500 },\n    { worker_version = ${ref("takoform_worker_version", "minimal")}, weight = 2500 },\n  ]`,
  },
  {
    type: "takoform_worker_endpoint",
    label: "api",
    name: "ps-endpoint",
    body: `worker     = ${ref("takoform_module_worker", "api")}\n  depends_on = [takoform_worker_deployment.live]`,
  },
  {
    type: "takoform_worker_cron_trigger",
    label: "tick",
    name: "ps-tick",
    body: `worker     = ${ref("takoform_module_worker", "api")}\n  cron       = "*/15 * * * *"\n  depends_on = [takoform_worker_deployment.live]`,
  },
  {
    type: "takoform_worker_custom_domain",
    label: "www",
    name: "ps-www",
    body: `worker     = ${ref("takoform_module_worker", "api")}\n  hostname   = "Stable.Example.COM."\n  depends_on = [takoform_worker_deployment.live]`,
    importBody: `worker     = ${ref("takoform_module_worker", "api")}\n  hostname   = "stable.example.com"\n  depends_on = [takoform_worker_deployment.live]`,
  },
  {
    type: "takoform_queue_consumer",
    label: "jobs",
    name: "ps-consumer",
    body: [
      `queue                     = ${ref("takoform_at_least_once_queue", "jobs")}`,
      `worker                    = ${ref("takoform_module_worker", "api")}`,
      `dead_letter_queue         = ${ref("takoform_at_least_once_queue", "dead")}`,
      `max_batch_size            = 10`,
      `max_batch_timeout_seconds = 5`,
      `max_concurrency           = 2`,
      `max_retries               = 3`,
      `retry_delay_seconds       = 1`,
      `depends_on                = [takoform_worker_deployment.live]`,
    ].join("\n  "),
  },
];

/**
 * An importing configuration (options.importing) writes each importBody, and names an artifact by
 * the manifest digest the host holds (options.manifestDigests, by block label) instead of
 * source_dir: a directory is not on the host, so an import cannot record it, and a configuration
 * naming one plans a one-time, state-only update after the import.
 */
export function resourceBlocks(options: { importing?: boolean; manifestDigests?: Record<string, string> } = {}, blocks: Block[] = BLOCKS): string {
  const body = (b: Block) => {
    if (options.importing !== true) return b.body;
    const digest = options.manifestDigests?.[`${b.type}.${b.label}`];
    if (digest !== undefined && /source_dir/.test(b.body)) return `manifest_digest = "${digest}"`;
    return b.importBody ?? b.body;
  };
  return blocks.map((b) => `resource "${b.type}" "${b.label}" {\n  name = "${b.name}"\n  ${body(b)}\n}\n`).join("\n");
}

/** Import blocks adopting every resource of BLOCKS by SPACE/NAME. */
export function importBlocks(space: string, blocks: Block[] = BLOCKS): string {
  return blocks.map((b) => `import {\n  to = ${b.type}.${b.label}\n  id = "${space}/${b.name}"\n}\n`).join("\n");
}

/** Resource types the provider serves that no block covers (must be empty). */
export function kindsWithoutBlock(blocks: Block[] = BLOCKS): string[] {
  const covered = new Set(blocks.map((b) => b.type));
  return servedResourceTypes().filter((type) => !covered.has(type));
}

/** Copies the corpus artifacts the blocks upload into `dir` (files only: the provider builds the manifests). */
export function copyArtifacts(dir: string): void {
  const artifacts = join(repoRoot, "corpus", "artifacts");
  const copy = (from: string, to: string) =>
    cpSync(join(artifacts, from), join(dir, to), { recursive: true, filter: (source) => !source.endsWith("manifest.json") });
  copy("worker-bundles/all-handlers", "bundle");
  copy("static-assets/with-index", "site");
  copy("migrations/create-tables", "migrations");
}

export function providerHeader(endpoint: string, token: string, space: string): string {
  return providerConfig({ endpoint, token, space });
}
