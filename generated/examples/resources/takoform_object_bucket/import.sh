terraform import takoform_object_bucket.example NAME
terraform import takoform_object_bucket.example SPACE/NAME
terraform import takoform_object_bucket.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"ObjectBucket","definitionVersion":"0.1.0","schemaDigest":"sha256:b31242b688c65b8dfe11f49109b868b4a9bb3603e3b342e4dba38d1fe8a0a43c","name":"NAME"}'
