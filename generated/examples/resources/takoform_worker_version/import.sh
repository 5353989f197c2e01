terraform import takoform_worker_version.example NAME
terraform import takoform_worker_version.example SPACE/NAME
terraform import takoform_worker_version.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerVersion","definitionVersion":"0.1.0","schemaDigest":"sha256:3be11e9c2d69894f2d15546682db3a50627ffa6649fe163b642284e2d6f1f898","name":"NAME"}'
