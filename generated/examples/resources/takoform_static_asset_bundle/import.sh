terraform import takoform_static_asset_bundle.example NAME
terraform import takoform_static_asset_bundle.example SPACE/NAME
terraform import takoform_static_asset_bundle.example '{"space":"SPACE","apiVersion":"edge.forms.takoform.com/v1beta1","kind":"StaticAssetBundle","definitionVersion":"0.1.0","schemaDigest":"sha256:83ae1395306bf79443c71564bd3a5599ca9a6034f51215dd46dc2fbf7f3db76b","name":"NAME"}'
