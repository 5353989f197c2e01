resource "takoform_at_least_once_queue" "example" {
  name                      = "example"
  message_retention_seconds = 345600
}
