resource "takoform_worker_custom_domain" "example" {
  name     = "example"
  hostname = "shop.example.test"
  worker   = takoform_module_worker.shop_front.name
}
