terraform import takoform_sqlite_migration_application.example NAME
terraform import takoform_sqlite_migration_application.example SPACE/NAME
terraform import takoform_sqlite_migration_application.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"SQLiteMigrationApplication","definitionVersion":"0.1.0","schemaDigest":"sha256:fa86b5f9e813630ff134d58d8e88fff258caf0bd97d1777b60b281c2d83f79e3","name":"NAME"}'
