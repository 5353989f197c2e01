terraform {
  required_providers {
    takoform = {
      source = "takoform/takoform"
    }
  }
}

provider "takoform" {
  endpoint = "https://host.example/api"
  space    = "production"
}
