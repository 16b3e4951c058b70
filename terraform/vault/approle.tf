# node_auth = approle: the controller asks for one response-wrapped secret-id per node and launch
# try and revokes those of a failed try; the node unwraps it once and logs in.

resource "vault_auth_backend" "approle" {
  count = local.approle && var.create_auth_mounts ? 1 : 0
  type  = "approle"
  path  = "approle"
}

resource "vault_approle_auth_backend_role" "nodes" {
  count              = local.approle ? 1 : 0
  backend            = local.approle && var.create_auth_mounts ? vault_auth_backend.approle[0].path : "approle"
  role_name          = var.node_role_name
  token_policies     = [vault_policy.node.name]
  secret_id_num_uses = 1
  secret_id_ttl      = var.secret_id_ttl
  token_ttl          = var.node_token_ttl
  token_max_ttl      = var.node_token_ttl
}

# The controller's policy from the README: create secret-ids for the node role, destroy one by
# accessor, revoke a wrapping token by accessor, wrap each node's signing key (node_keys.tf adds the
# node-key paths for cloud logins there).
resource "vault_policy" "controller" {
  name   = "stratus-${var.cluster}-controller"
  policy = local.approle ? local.controller_approle_policy : local.controller_node_keys_policy
}

locals {
  approle_backend           = local.approle ? vault_approle_auth_backend_role.nodes[0].backend : "approle"
  controller_approle_policy = <<-EOT
    path "auth/${local.approle_backend}/role/${var.node_role_name}/secret-id" {
      capabilities = ["update"]
    }
    path "auth/${local.approle_backend}/role/${var.node_role_name}/secret-id-accessor/destroy" {
      capabilities = ["update"]
    }
    path "auth/token/revoke-accessor" {
      capabilities = ["update"]
    }
    path "sys/wrapping/wrap" {
      capabilities = ["update"]
    }
  EOT
}
