terraform import takoform_worker_bundle.example NAME
terraform import takoform_worker_bundle.example SPACE/NAME
terraform import takoform_worker_bundle.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerBundle","definitionVersion":"0.1.0","schemaDigest":"sha256:c4f1edbb4410bf00b3227a92bd6eeff3dc6726ebb03cbb795f5b42d13c46705f","name":"NAME"}'
