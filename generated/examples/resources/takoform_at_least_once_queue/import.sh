terraform import takoform_at_least_once_queue.example NAME
terraform import takoform_at_least_once_queue.example SPACE/NAME
terraform import takoform_at_least_once_queue.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"AtLeastOnceQueue","definitionVersion":"0.1.0","schemaDigest":"sha256:7ecdd01e12e7548e1ecdc5ba1b4deb5317ec19074ab36ed31ea5f64c2d11d6bf","name":"NAME"}'
