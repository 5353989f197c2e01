resource "takoform_worker_version" "example" {
  name = "example"
  assets = {
    bundle             = takoform_static_asset_bundle.shop_front_assets.name
    not_found_handling = "single_page_application"
    run_worker_first   = false
  }
  bucket_bindings = [
    {
      name     = "UPLOADS"
      resource = takoform_object_bucket.uploads.name
    },
  ]
  bundle   = takoform_worker_bundle.shop_front_build_42.name
  handlers = ["fetch", "scheduled", "queue"]
  kv_bindings = [
    {
      name     = "SESSIONS"
      resource = takoform_edge_kv_namespace.sessions.name
    },
  ]
  queue_producer_bindings = [
    {
      name     = "ORDER_EVENTS"
      resource = takoform_at_least_once_queue.order_events.name
    },
  ]
  required_sensitive_vars = ["PAYMENT_SECRET"]
  service_bindings = [
    {
      name     = "AUTH"
      resource = takoform_module_worker.auth_service.name
    },
  ]
  sqlite_bindings = [
    {
      name     = "DB"
      resource = takoform_sqlite_database.orders.name
    },
  ]
  vars = {
    LOG_LEVEL = "info"
    featureFlags = {
      newCheckout = true
      ratio       = 0.25
    }
    markets = ["de", "fr"]
  }
  worker = takoform_module_worker.shop_front.name
}
