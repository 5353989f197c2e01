variable "api_token" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "takoform_secret" "api_token" {
  worker        = takoform_module_worker.api.name
  name          = "API_TOKEN"
  value         = var.api_token
  value_version = 1
}
