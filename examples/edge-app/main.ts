// An edge shop on takoform: a single-page app and JSON API on one worker, an internal auth
// service, KV sessions, a SQLite database with its schema, an order queue with a dead-letter
// queue, a nightly cron, a public endpoint and a custom domain, on CDK Terrain (the same with
// cdktf: import from "cdktf" and "takoform/cdktf"). `cdktn synth` writes cdktf.out/stacks/edge-app/cdk.tf.json; artifacts must be on the host first (push-artifacts.ts).
import { App, LocalBackend, TerraformOutput, TerraformStack } from "cdktn";
import type { Construct } from "constructs";
import {
  AtLeastOnceQueue,
  EdgeKvNamespace,
  ModuleWorker,
  TakoformProvider,
  QueueConsumer,
  SqliteDatabase,
  SqliteMigrationApplication,
  SqliteMigrationSet,
  StaticAssetBundle,
  WorkerBundle,
  WorkerCronTrigger,
  WorkerCustomDomain,
  WorkerDeployment,
  WorkerEndpoint,
  WorkerVersion,
  type WorkerVersionConfig,
  revision,
} from "takoform/cdktn";
import { authBundle, schema, shopBundle, spaAssets } from "./artifacts.js";
import { replaceBeforeDestroy } from "./lib/revision.js";

export interface EdgeAppOptions {
  /** Share of shop traffic the canary release gets, in basis points (0..10000). */
  canaryWeight: number;
  /** Release label of the canary; a new label is a new WorkerVersion (create before destroy). */
  canaryRelease: string;
  /** Public hostname of the shop. */
  domain: string;
  /** Where the local backend keeps state (default: terraform.edge-app.tfstate beside main.ts). */
  statePath?: string | undefined;
}

export class EdgeAppStack extends TerraformStack {
  constructor(scope: Construct, id: string, options: EdgeAppOptions) {
    super(scope, id);
    if (options.statePath !== undefined) new LocalBackend(this, { path: options.statePath });
    // endpoint, token and space come from TAKOFORM_ENDPOINT / TAKOFORM_TOKEN / TAKOFORM_SPACE;
    // the class carries the provider's version constraint (required_providers.takoform.version).
    new TakoformProvider(this, "takoform");

    // Stateful resources: identities, updated in place or kept. A reference setting takes the
    // construct itself (`resource: sessions`); it is written as a reference to its name, so
    // Terraform creates the target first.
    const sessions = new EdgeKvNamespace(this, "sessions", { name: "shop-sessions" });
    const db = new SqliteDatabase(this, "db", { name: "shop-db" });
    const deadLetters = new AtLeastOnceQueue(this, "orders-dead", { name: "orders-dead", messageRetentionSeconds: 14 * 24 * 3600 });
    const orders = new AtLeastOnceQueue(this, "orders", { name: "orders", messageRetentionSeconds: 4 * 24 * 3600 });

    // The schema: the migration set is a revision named by its manifest digest; the
    // application runs whatever the database's ledger is missing.
    const schemaSet = new SqliteMigrationSet(this, "schema", {
      name: `shop-schema-${schema.shortDigest}`,
      manifestDigest: schema.manifestDigest,
      lifecycle: replaceBeforeDestroy,
    });
    new SqliteMigrationApplication(this, "migrate", { name: "shop-db-schema", database: db, migrationSet: schemaSet });

    // The internal auth service, reached only through a service binding.
    const auth = new ModuleWorker(this, "auth", { name: "auth" });
    const authCode = new WorkerBundle(this, "auth-bundle", {
      name: `auth-${authBundle.shortDigest}`,
      manifestDigest: authBundle.manifestDigest,
      lifecycle: replaceBeforeDestroy,
    });
    // A WorkerVersion is a revision: revision() names it from the digest of its whole
    // configuration (bindings included) and creates each new one before the old is destroyed.
    const authVersion = new WorkerVersion(this, "auth-version", revision<WorkerVersionConfig>("auth", { worker: auth, bundle: authCode, handlers: ["fetch"] }));
    const authLive = new WorkerDeployment(this, "auth-deployment", {
      name: "auth",
      worker: auth,
      versions: [{ workerVersion: authVersion, weight: 10_000 }],
    });

    // The shop worker: code, assets, two releases splitting traffic.
    const shop = new ModuleWorker(this, "shop", { name: "shop" });
    const shopCode = new WorkerBundle(this, "shop-bundle", {
      name: `shop-${shopBundle.shortDigest}`,
      manifestDigest: shopBundle.manifestDigest,
      lifecycle: replaceBeforeDestroy,
    });
    const spa = new StaticAssetBundle(this, "shop-assets", {
      name: `spa-${spaAssets.shortDigest}`,
      manifestDigest: spaAssets.manifestDigest,
      lifecycle: replaceBeforeDestroy,
    });

    const release = (label: string, vars: Record<string, unknown>): WorkerVersion => {
      const config: Omit<WorkerVersionConfig, "name"> = {
        worker: shop,
        bundle: shopCode,
        handlers: ["fetch", "scheduled", "queue"],
        assets: { bundle: spa, notFoundHandling: "single_page_application", runWorkerFirst: true },
        kvBindings: [{ name: "SESSIONS", resource: sessions }],
        sqliteBindings: [{ name: "DB", resource: db }],
        queueProducerBindings: [{ name: "ORDERS", resource: orders }],
        serviceBindings: [{ name: "AUTH", resource: auth }],
        vars,
      };
      // Named from the digest of the whole configuration: code, assets, bindings, vars.
      return new WorkerVersion(
        this,
        `shop-${label}`,
        revision<WorkerVersionConfig>("shop", {
          ...config,
          dependsOn: [authLive], // a service binding needs its target serving
        }),
      );
    };
    const stable = release("stable", { RELEASE: "2026.11", NEW_CHECKOUT: false });
    const canary = release("canary", { RELEASE: options.canaryRelease, NEW_CHECKOUT: true });

    const weights = [
      { workerVersion: stable, weight: 10_000 - options.canaryWeight },
      { workerVersion: canary, weight: options.canaryWeight },
    ].filter((v) => v.weight > 0);
    const live = new WorkerDeployment(this, "shop-deployment", { name: "shop", worker: shop, versions: weights });

    // Attachments: admitted against the handlers the live deployment serves.
    const attached = { worker: shop, dependsOn: [live] };
    const endpoint = new WorkerEndpoint(this, "endpoint", { ...attached, name: "shop" });
    new WorkerCustomDomain(this, "domain", { ...attached, name: "shop-domain", hostname: options.domain });
    new WorkerCronTrigger(this, "nightly", { ...attached, name: "shop-nightly", cron: "15 3 * * *" });
    new QueueConsumer(this, "order-consumer", {
      ...attached,
      name: "orders-consumer",
      queue: orders,
      deadLetterQueue: deadLetters,
      maxBatchSize: 25,
      maxBatchTimeoutSeconds: 5,
      maxConcurrency: 4,
      maxRetries: 3,
      retryDelaySeconds: 30,
    });

    new TerraformOutput(this, "endpoint_url", { value: endpoint.url });
  }
}

const app = new App();
new EdgeAppStack(app, "edge-app", {
  canaryWeight: Number(process.env["EDGE_APP_CANARY_WEIGHT"] ?? "1000"),
  canaryRelease: process.env["EDGE_APP_CANARY_RELEASE"] ?? "2026.12",
  domain: process.env["EDGE_APP_DOMAIN"] ?? "shop.example.test",
  statePath: process.env["EDGE_APP_STATE"],
});
app.synth();
