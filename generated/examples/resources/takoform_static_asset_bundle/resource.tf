resource "takoform_static_asset_bundle" "example" {
  name            = "example"
  manifest_digest = "sha256:b7e2c9d4a1f6083e5c2d9b4a7f1e6c3d8a5b2e9f4c1d6a3b8e5f2c9d4a7b1e6c"
}
