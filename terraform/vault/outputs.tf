output "node_vault" {
  description = "stratus.yaml bootstrap.vault: pass it as stratus-config's node_vault input."
  value = {
    address              = var.vault_address
    kv_mount             = vault_mount.kv.path
    kv_path              = vault_kv_secret_v2.munge_key.name
    field                = "key"
    auth                 = var.node_auth
    role                 = local.cloud ? var.node_role_name : null
    role_id              = local.approle ? vault_approle_auth_backend_role.nodes[0].role_id : null
    ca_cert_file         = var.ca_cert_file
    aws_server_id_header = local.cloud && var.aws != null ? var.aws.server_id_header : null
    azure_resource       = local.cloud && var.azure != null ? var.azure.resource : null
  }
}

output "controller_vault" {
  description = "stratus.yaml vault: (the controller issues the nodes' secret-ids) with node_auth = approle, else null: pass it as stratus-config's controller_vault input."
  value = local.approle ? {
    address               = var.vault_address
    kv_mount              = vault_mount.kv.path
    kv_path               = vault_kv_secret_v2.munge_key.name
    field                 = "key"
    auth_mount            = vault_approle_auth_backend_role.nodes[0].backend
    role_name             = var.node_role_name
    role_id               = vault_approle_auth_backend_role.nodes[0].role_id
    controller_token_file = var.controller_token_file
    wrap_ttl              = "5m"
    ca_cert_file          = var.ca_cert_file
  } : null
}

output "controller_policy" {
  description = "Name of the controller's policy (approle: issue secret-ids, wrap node keys; cloud: file the node keys): issue its token with `vault token create -policy=<this> -period=24h -orphan`."
  value       = vault_policy.controller.name
}

output "node_policy" {
  description = "Name of the nodes' policy (read the munge key)."
  value       = vault_policy.node.name
}
