terraform import takoform_edge_kv_namespace.example NAME
terraform import takoform_edge_kv_namespace.example SPACE/NAME
terraform import takoform_edge_kv_namespace.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"EdgeKVNamespace","definitionVersion":"0.1.0","schemaDigest":"sha256:4dd984999f5e63822cd2b17a30645a64a6785aa6797769be7f1933ac024c160b","name":"NAME"}'
