resource "takoform_sqlite_migration_set" "example" {
  name            = "example"
  manifest_digest = "sha256:0c4e8a2f6b1d5937e0a4c8f2b6d1e5a9c3f7b2d6e0a4c8f1b5d9e3a7c2f6b0d4"
}
