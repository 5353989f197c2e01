resource "takoform_worker_bundle" "example" {
  name            = "example"
  manifest_digest = "sha256:3a1f0c1d7e9b2a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e"
}
