terraform import takoform_module_worker.example NAME
terraform import takoform_module_worker.example SPACE/NAME
terraform import takoform_module_worker.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"ModuleWorker","definitionVersion":"0.1.0","schemaDigest":"sha256:788ac6cd5bde7f79d28fe88d7ca0c69d01379a90077972ddfd20e5fbdce98719","name":"NAME"}'
