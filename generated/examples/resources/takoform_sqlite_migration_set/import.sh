terraform import takoform_sqlite_migration_set.example NAME
terraform import takoform_sqlite_migration_set.example SPACE/NAME
terraform import takoform_sqlite_migration_set.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"SQLiteMigrationSet","definitionVersion":"0.1.0","schemaDigest":"sha256:0cb4ad16bcc470e44f5bd1e3d7e5f38d0d24a92b1adf4ee48205ca4a9063e41e","name":"NAME"}'
