resource "takoform_queue_consumer" "example" {
  name                      = "example"
  dead_letter_queue         = takoform_at_least_once_queue.order_events_dead.name
  max_batch_size            = 25
  max_batch_timeout_seconds = 2
  max_concurrency           = 8
  max_retries               = 5
  queue                     = takoform_at_least_once_queue.order_events.name
  retry_delay_seconds       = 30
  worker                    = takoform_module_worker.order_processor.name
}
