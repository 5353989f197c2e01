terraform import takoform_sqlite_database.example NAME
terraform import takoform_sqlite_database.example SPACE/NAME
terraform import takoform_sqlite_database.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"SQLiteDatabase","definitionVersion":"0.1.0","schemaDigest":"sha256:8f6a377a90b6cefe5c9a499bdc852f187ce016ec2525ee1ac03db6ec4afe69e8","name":"NAME"}'
