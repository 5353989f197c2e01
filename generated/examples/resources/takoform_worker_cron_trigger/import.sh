terraform import takoform_worker_cron_trigger.example NAME
terraform import takoform_worker_cron_trigger.example SPACE/NAME
terraform import takoform_worker_cron_trigger.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"WorkerCronTrigger","definitionVersion":"0.1.0","schemaDigest":"sha256:699aaaadf0ea3cc27b3168b6cb58f8375d0eaddb690a5ca11903134cef51daf5","name":"NAME"}'
