resource "takoform_worker_endpoint" "example" {
  name   = "example"
  worker = takoform_module_worker.shop_front.name
}
