terraform import takoform_worker_custom_domain.example NAME
terraform import takoform_worker_custom_domain.example SPACE/NAME
terraform import takoform_worker_custom_domain.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerCustomDomain","definitionVersion":"0.1.0","schemaDigest":"sha256:475d6765d5266703ed0c61b8feeaf04ffd14603d87829579a580b5102ed01f5d","name":"NAME"}'
