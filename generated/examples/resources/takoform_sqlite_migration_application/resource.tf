resource "takoform_sqlite_migration_application" "example" {
  name          = "example"
  database      = takoform_sqlite_database.orders.name
  migration_set = takoform_sqlite_migration_set.orders_schema_3.name
}
