resource "takoform_worker_cron_trigger" "example" {
  name   = "example"
  cron   = "*/15 * * * *"
  worker = takoform_module_worker.shop_front.name
}
