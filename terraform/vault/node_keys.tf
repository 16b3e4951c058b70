# Node keys for cloud logins (node_auth = cloud): the controller files each live instance's signing
# key at <kv_mount>/data/stratus/node-keys/<cluster>/<instance> (its token may create, update and
# delete there); each node reads its own path only, through a policy templated on its login's
# entity alias. The alias must be per instance, with the instance's name in its metadata, or every
# instance of the role would share one alias and the last login's instance would be everyone's.

locals {
  node_keys_path = "${vault_mount.kv.path}/data/stratus/node-keys/${var.cluster}"
  aws_accessor   = local.cloud && var.aws != null ? (var.create_auth_mounts ? vault_auth_backend.aws[0].accessor : data.vault_auth_backend.aws[0].accessor) : null
  gcp_accessor   = local.cloud && var.gcp != null ? (var.create_auth_mounts ? vault_auth_backend.gcp[0].accessor : data.vault_auth_backend.gcp[0].accessor) : null
  azure_accessor = local.cloud && var.azure != null ? (var.create_auth_mounts ? vault_auth_backend.azure[0].accessor : data.vault_auth_backend.azure[0].accessor) : null

  # metadata keys that name the instance: aws inferred_entity_id (the EC2 instance id), gcp
  # instance_name, azure vm_name; the controller files each key under the same name
  node_key_paths = compact([
    local.aws_accessor == null ? "" : "${local.node_keys_path}/{{identity.entity.aliases.${local.aws_accessor}.metadata.inferred_entity_id}}",
    local.gcp_accessor == null ? "" : "${local.node_keys_path}/{{identity.entity.aliases.${local.gcp_accessor}.metadata.instance_name}}",
    local.azure_accessor == null ? "" : "${local.node_keys_path}/{{identity.entity.aliases.${local.azure_accessor}.metadata.vm_name}}",
  ])

  controller_node_keys_policy = <<-EOT
    path "${local.node_keys_path}/*" {
      capabilities = ["create", "update"]
    }
    path "${vault_mount.kv.path}/metadata/stratus/node-keys/${var.cluster}/*" {
      capabilities = ["delete"]
    }
  EOT
}

data "vault_auth_backend" "aws" {
  count = local.cloud && var.aws != null && !var.create_auth_mounts ? 1 : 0
  path  = "aws"
}

data "vault_auth_backend" "gcp" {
  count = local.cloud && var.gcp != null && !var.create_auth_mounts ? 1 : 0
  path  = "gcp"
}

data "vault_auth_backend" "azure" {
  count = local.cloud && var.azure != null && !var.create_auth_mounts ? 1 : 0
  path  = "azure"
}

resource "vault_policy" "node_keys" {
  count  = local.cloud ? 1 : 0
  name   = "stratus-${var.cluster}-node-keys"
  policy = join("\n", [for p in local.node_key_paths : "path \"${p}\" {\n  capabilities = [\"read\"]\n}"])
}

# aws: one alias per instance role session (unique_id), with the inferred instance id on it
resource "vault_aws_auth_backend_config_identity" "aws" {
  count        = local.cloud && var.aws != null ? 1 : 0
  backend      = var.create_auth_mounts ? vault_auth_backend.aws[0].path : "aws"
  iam_alias    = "unique_id"
  iam_metadata = ["account_id", "auth_type", "inferred_entity_id"]
}

# gcp: one alias per instance (its default gce_metadata carries instance_name)
resource "vault_generic_endpoint" "gcp_alias" {
  count                = local.cloud && var.gcp != null ? 1 : 0
  path                 = "auth/${var.create_auth_mounts ? vault_auth_backend.gcp[0].path : "gcp"}/config"
  disable_read         = true
  disable_delete       = true
  ignore_absent_fields = true
  data_json            = jsonencode({ gce_alias = "instance_id" })
}
