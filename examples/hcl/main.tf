# The edge-app aggregate in plain HCL, smaller: one worker with KV and a queue, its endpoint,
# a cron trigger, a queue consumer with a dead-letter queue and a SQLite database with its
# migrations. Works with Terraform and OpenTofu. The provider uploads worker/ and migrations/
# itself (source_dir); `takoform test` runs tests/*.tftest.hcl against a throwaway host.

terraform {
  required_providers {
    takoform = {
      source = "takoform/takoform"
    }
  }
}

# endpoint and token from TAKOFORM_ENDPOINT and TAKOFORM_TOKEN.
provider "takoform" {}

variable "release_weight" {
  description = "Share of the worker's traffic the release takes, in basis points (the only version, so all of it)"
  type        = number
  default     = 10000
  validation {
    condition     = var.release_weight >= 1 && var.release_weight <= 10000
    error_message = "release_weight is in basis points: 1 to 10000."
  }
}

variable "dead_letter_queue" {
  description = "Name of the consumer's dead-letter queue; it must differ from the consumed queue"
  type        = string
  default     = "hello-events-dead"
}

variable "greeting_from" {
  type    = string
  default = "takoform"
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

resource "takoform_worker_version" "app" {
  name     = "hello-${substr(sha256(jsonencode([local.worker_digest, local.handlers, local.vars, ["VISITS", "EVENTS", "DB"]])), 0, 12)}"
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

  lifecycle {
    create_before_destroy = true
  }
}

resource "takoform_worker_deployment" "app" {
  name   = "hello"
  worker = takoform_module_worker.app.name
  versions = [
    { worker_version = takoform_worker_version.app.name, weight = var.release_weight },
  ]

  lifecycle {
    precondition {
      condition     = var.release_weight == 10000
      error_message = "The weights of a deployment add up to 10000 basis points; with one version it takes all of them."
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
  value       = one([for c in takoform_sqlite_migration_application.schema.conditions : c if c.type == "Ready"])
}
