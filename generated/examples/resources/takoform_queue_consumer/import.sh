terraform import takoform_queue_consumer.example NAME
terraform import takoform_queue_consumer.example SPACE/NAME
terraform import takoform_queue_consumer.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"QueueConsumer","definitionVersion":"0.1.0","schemaDigest":"sha256:da1b79cfc796e729711eaf72d45f871c6d4cc5f0fc39966dea0259761cc72ba2","name":"NAME"}'
