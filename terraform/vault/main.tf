locals {
  kv_path     = coalesce(var.kv_path, "${var.cluster}/munge")
  approle     = var.node_auth == "approle"
  cloud       = var.node_auth == "cloud"
  node_policy = "stratus-${var.cluster}-node"
}

resource "vault_mount" "kv" {
  path        = var.kv_mount
  type        = "kv"
  options     = { version = "2" }
  description = "Stratus: the munge key of the Slurm nodes"
}

# The agent reads field "key" and base64-decodes it into the node's munge.key (mode 0400).
resource "vault_kv_secret_v2" "munge_key" {
  mount                = vault_mount.kv.path
  name                 = local.kv_path
  data_json_wo         = jsonencode({ key = var.munge_key_base64 })
  data_json_wo_version = var.munge_key_version
}

# What a node's token may do besides the default policy's token self-management (the agent
# revokes its own token when done): read the key, nothing else.
resource "vault_policy" "node" {
  name   = local.node_policy
  policy = <<-EOT
    path "${vault_mount.kv.path}/data/${local.kv_path}" {
      capabilities = ["read"]
    }
  EOT
}
