terraform import takoform_worker_endpoint.example NAME
terraform import takoform_worker_endpoint.example SPACE/NAME
terraform import takoform_worker_endpoint.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerEndpoint","definitionVersion":"0.1.0","schemaDigest":"sha256:6df3d8644620563f3025d4bcf205d1ea1c18121c3ff0296ea7b1ce1790b637d7","name":"NAME"}'
