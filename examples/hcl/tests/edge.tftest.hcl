# `takoform test examples/hcl` runs these against a throwaway host; `terraform test` alone runs
# them against whatever TAKOFORM_ENDPOINT names. Each run applies for real; terraform destroys
# everything at the end of the file.

run "plan_only" {
  command = plan

  assert {
    condition     = startswith(takoform_worker_bundle.app.name, "hello-")
    error_message = "the bundle revision is named from its content"
  }
}

run "apply" {
  command = apply

  assert {
    condition     = alltrue([takoform_worker_version.app.ready, takoform_worker_deployment.app.ready, takoform_worker_endpoint.app.ready, takoform_queue_consumer.events.ready])
    error_message = "every resource of the worker aggregate is Ready"
  }

  assert {
    condition     = can(regex("^https://[a-z0-9.-]+/$", output.endpoint_url))
    error_message = "the endpoint publishes an https URL with no port or path"
  }

  assert {
    condition     = output.schema_ready.status == "True" && jsondecode(takoform_sqlite_migration_application.schema.status_json).ready_reason == output.schema_ready.reason
    error_message = "the migration ledger holds every file of the set (Ready=True)"
  }

  assert {
    condition     = contains([for r in jsondecode(takoform_worker_version.app.status_json).relations : r.target_name], takoform_sqlite_database.app.name)
    error_message = "the version's relations name the database it binds"
  }
}

run "dead_letter_cycle_refused" {
  command = plan

  variables {
    dead_letter_queue = "hello-events"
  }

  expect_failures = [takoform_queue_consumer.events]
}

run "invalid_traffic_split_refused" {
  command = plan

  variables {
    canary_weight = 10001
  }

  expect_failures = [var.canary_weight]
}

run "canary_weight_without_a_canary_refused" {
  command = plan

  variables {
    canary_weight = 5000
  }

  expect_failures = [takoform_worker_deployment.app]
}
