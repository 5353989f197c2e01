resource "takoform_worker_deployment" "example" {
  name = "example"
  versions = [
    {
      weight         = 9000
      worker_version = takoform_worker_version.shop_front_v7.name
    },
    {
      weight         = 1000
      worker_version = takoform_worker_version.shop_front_v8.name
    },
  ]
  worker = takoform_module_worker.shop_front.name
}
