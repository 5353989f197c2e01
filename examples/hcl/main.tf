# The edge-app aggregate in plain HCL, smaller: one worker with KV and a queue, its endpoint,
# a cron trigger and a queue consumer with a dead-letter queue. Works with Terraform and
# OpenTofu. Upload the worker bundle first: `npx tsx push.ts` (writes artifacts.auto.tfvars.json).

terraform {
  required_providers {
    takoform = {
      source = "takoform/takoform"
    }
  }
}

# endpoint and token from TAKOFORM_ENDPOINT and TAKOFORM_TOKEN.
provider "takoform" {}

variable "bundle_digest" {
  description = "manifestDigest of the committed worker bundle (written by push.ts)"
  type        = string
}

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
  type    = number
  default = 0
}

locals {
  handlers = ["fetch", "scheduled", "queue"]
  vars     = { GREETING_FROM = var.greeting_from }
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
  name                      = "hello-events-dead"
  message_retention_seconds = 604800
}

# Revisions are never updated: each content change is a new name, created before the old
# revision is destroyed, so the deployment moves over without a gap (ADR 0052).
resource "takoform_worker_bundle" "app" {
  name            = "hello-${substr(var.bundle_digest, 7, 12)}"
  manifest_digest = var.bundle_digest

  lifecycle {
    create_before_destroy = true
  }
}

locals {
  kv_bindings             = [{ name = "VISITS", resource = takoform_edge_kv_namespace.visits.name }]
  queue_producer_bindings = [{ name = "EVENTS", resource = takoform_at_least_once_queue.events.name }]
}

resource "takoform_worker_version" "app" {
  name                    = "hello-${substr(sha256(jsonencode([var.bundle_digest, local.handlers, local.vars])), 0, 12)}"
  worker                  = takoform_module_worker.app.name
  bundle                  = takoform_worker_bundle.app.name
  handlers                = local.handlers
  vars                    = local.vars
  kv_bindings             = local.kv_bindings
  queue_producer_bindings = local.queue_producer_bindings

  lifecycle {
    create_before_destroy = true
  }
}

resource "takoform_worker_version" "canary" {
  count                   = var.canary_greeting == null ? 0 : 1
  name                    = "hello-${substr(sha256(jsonencode([var.bundle_digest, local.handlers, var.canary_greeting])), 0, 12)}"
  worker                  = takoform_module_worker.app.name
  bundle                  = takoform_worker_bundle.app.name
  handlers                = local.handlers
  vars                    = { GREETING_FROM = var.canary_greeting }
  kv_bindings             = local.kv_bindings
  queue_producer_bindings = local.queue_producer_bindings

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
}

output "endpoint_url" {
  value = takoform_worker_endpoint.app.url
}
