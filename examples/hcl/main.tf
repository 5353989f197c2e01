# The edge-app aggregate in plain HCL, smaller: one worker with KV, a queue producer and a SQLite
# binding, its endpoint, a cron trigger, a queue consumer with a dead-letter queue, and the
# database with its migrations. Works with Terraform and OpenTofu. The provider uploads worker/
# and migrations/ itself (source_dir); `takoform test` runs tests/*.tftest.hcl against a
# throwaway host.

terraform {
  required_providers {
    takoform = {
      source = "takoform/takoform"
    }
  }
}

# endpoint and token from TAKOFORM_ENDPOINT and TAKOFORM_TOKEN.
provider "takoform" {}

variable "greeting_from" {
  type    = string
  default = "takoform"
}

# A canary: a second version with its own greeting, taking canary_weight basis points of the
# traffic. canary_weight = 0 rolls back to the stable version alone (the canary version stays).
variable "canary_greeting" {
  type    = string
  default = null
}

variable "canary_weight" {
  description = "Share of the traffic the canary takes, in basis points (0 to 10000)"
  type        = number
  default     = 0
  validation {
    condition     = var.canary_weight >= 0 && var.canary_weight <= 10000
    error_message = "canary_weight is in basis points: 0 to 10000."
  }
}

variable "dead_letter_queue" {
  description = "Name of the consumer's dead-letter queue; it must differ from the consumed queue"
  type        = string
  default     = "hello-events-dead"
}

locals {
  handlers = ["fetch", "scheduled", "queue"]
  vars     = { GREETING_FROM = var.greeting_from }
  # A revision is named from the digest of everything in it, so no content change can keep a name.
  worker_files    = sort(fileset("${path.module}/worker", "**"))
  worker_digest   = sha256(join("\n", [for f in local.worker_files : "${f}=${filesha256("${path.module}/worker/${f}")}"]))
  migration_files = sort(fileset("${path.module}/migrations", "*.sql"))
  schema_digest   = sha256(join("\n", [for f in local.migration_files : "${f}=${filesha256("${path.module}/migrations/${f}")}"]))
}

resource "takoform_module_worker" "app" {
  name = "hello"
}

resource "takoform_edge_kv_namespace" "visits" {
  name = "hello-visits"
}

resource "takoform_at_least_once_queue" "events" {
  name                      = "hello-events"
  message_retention_seconds = 86400
}

resource "takoform_at_least_once_queue" "events_dead" {
  name                      = var.dead_letter_queue
  message_retention_seconds = 604800
}

resource "takoform_sqlite_database" "app" {
  name = "hello-db"
}

# The schema: a revision named by its content, applied by the application to the database.
resource "takoform_sqlite_migration_set" "schema" {
  name       = "hello-schema-${substr(local.schema_digest, 0, 12)}"
  source_dir = "${path.module}/migrations"

  lifecycle {
    create_before_destroy = true
  }
}

resource "takoform_sqlite_migration_application" "schema" {
  name          = "hello-db-schema"
  database      = takoform_sqlite_database.app.name
  migration_set = takoform_sqlite_migration_set.schema.name
}

# Revisions are never updated: each content change is a new name, created before the old
# revision is destroyed, so the deployment moves over without a gap (ADR 0052).
resource "takoform_worker_bundle" "app" {
  name       = "hello-${substr(local.worker_digest, 0, 12)}"
  source_dir = "${path.module}/worker"

  lifecycle {
    create_before_destroy = true
  }
}

# A WorkerVersion is a revision too. Its whole configuration lives in one local, and its name is
# the digest of that local, so no setting (bindings included) can change without a new name.
# Every argument below comes from local.app_version; add new settings there, never here.
locals {
  app_version = {
    worker   = takoform_module_worker.app.name
    bundle   = takoform_worker_bundle.app.name
    handlers = local.handlers
    vars     = local.vars
    kv_bindings = [
      { name = "VISITS", resource = takoform_edge_kv_namespace.visits.name },
    ]
    queue_producer_bindings = [
      { name = "EVENTS", resource = takoform_at_least_once_queue.events.name },
    ]
    sqlite_bindings = [
      { name = "DB", resource = takoform_sqlite_database.app.name },
    ]
  }
  # The canary: the same configuration with its own greeting.
  canary_version = merge(local.app_version, { vars = { GREETING_FROM = var.canary_greeting } })
}

resource "takoform_worker_version" "app" {
  name                    = "hello-${substr(sha256(jsonencode(local.app_version)), 0, 12)}"
  worker                  = local.app_version.worker
  bundle                  = local.app_version.bundle
  handlers                = local.app_version.handlers
  vars                    = local.app_version.vars
  kv_bindings             = local.app_version.kv_bindings
  queue_producer_bindings = local.app_version.queue_producer_bindings
  sqlite_bindings         = local.app_version.sqlite_bindings

  lifecycle {
    create_before_destroy = true
  }
}

resource "takoform_worker_version" "canary" {
  count                   = var.canary_greeting == null ? 0 : 1
  name                    = "hello-${substr(sha256(jsonencode(local.canary_version)), 0, 12)}"
  worker                  = local.canary_version.worker
  bundle                  = local.canary_version.bundle
  handlers                = local.canary_version.handlers
  vars                    = local.canary_version.vars
  kv_bindings             = local.canary_version.kv_bindings
  queue_producer_bindings = local.canary_version.queue_producer_bindings
  sqlite_bindings         = local.canary_version.sqlite_bindings

  lifecycle {
    create_before_destroy = true
  }
}

resource "takoform_worker_deployment" "app" {
  name   = "hello"
  worker = takoform_module_worker.app.name
  versions = concat(
    [{ worker_version = takoform_worker_version.app.name, weight = 10000 - var.canary_weight }],
    var.canary_weight > 0 ? [{ worker_version = takoform_worker_version.canary[0].name, weight = var.canary_weight }] : [],
  )

  lifecycle {
    precondition {
      condition     = var.canary_weight == 0 || var.canary_greeting != null
      error_message = "A canary weight needs a canary version: set canary_greeting too."
    }
  }
}

resource "takoform_worker_endpoint" "app" {
  name       = "hello"
  worker     = takoform_module_worker.app.name
  depends_on = [takoform_worker_deployment.app]
}

resource "takoform_worker_cron_trigger" "hourly" {
  name       = "hello-hourly"
  worker     = takoform_module_worker.app.name
  cron       = "0 * * * *"
  depends_on = [takoform_worker_deployment.app]
}

resource "takoform_queue_consumer" "events" {
  name                      = "hello-events"
  worker                    = takoform_module_worker.app.name
  queue                     = takoform_at_least_once_queue.events.name
  dead_letter_queue         = takoform_at_least_once_queue.events_dead.name
  max_batch_size            = 10
  max_batch_timeout_seconds = 5
  max_concurrency           = 2
  max_retries               = 3
  retry_delay_seconds       = 10
  depends_on                = [takoform_worker_deployment.app]

  lifecycle {
    precondition {
      condition     = var.dead_letter_queue != takoform_at_least_once_queue.events.name
      error_message = "A queue cannot be its own dead-letter queue (a dead-letter cycle)."
    }
  }
}

output "endpoint_url" {
  value = takoform_worker_endpoint.app.url
}

output "schema_ready" {
  description = "The migration application's Ready condition: its ledger holds every file of the set"
  value       = one([for c in jsondecode(takoform_sqlite_migration_application.schema.status_json).conditions : c if c.type == "Ready"])
}
