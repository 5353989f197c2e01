terraform import takoform_worker_deployment.example NAME
terraform import takoform_worker_deployment.example SPACE/NAME
terraform import takoform_worker_deployment.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerDeployment","definitionVersion":"0.1.0","schemaDigest":"sha256:d85619cc2c95fd4f012f900118de4c2ba419ca9ef36c53f9197c1ab58ab28b98","name":"NAME"}'
