# node_auth = cloud: each node logs in with its cloud identity at aws/, gcp/ or azure/ (the mount
# paths the node agent uses), as node_role_name, bound to the identity the cloud module made.

resource "vault_auth_backend" "aws" {
  count = local.cloud && var.aws != null && var.create_auth_mounts ? 1 : 0
  type  = "aws"
  path  = "aws"
}

# Vault verifies the node's signed sts:GetCallerIdentity with STS itself; it needs AWS
# credentials of its own only to resolve the bound role's unique id (iam:GetRole), from its
# environment or instance profile.
resource "vault_aws_auth_backend_client" "aws" {
  count                      = local.cloud && var.aws != null && try(var.aws.server_id_header, null) != null ? 1 : 0
  backend                    = var.create_auth_mounts ? vault_auth_backend.aws[0].path : "aws"
  iam_server_id_header_value = var.aws.server_id_header
}

resource "vault_aws_auth_backend_role" "nodes" {
  count                    = local.cloud && var.aws != null ? 1 : 0
  backend                  = var.create_auth_mounts ? vault_auth_backend.aws[0].path : "aws"
  role                     = var.node_role_name
  auth_type                = "iam"
  bound_iam_principal_arns = [var.aws.node_role_arn]
  inferred_entity_type     = "ec2_instance"
  inferred_aws_region      = var.aws.region
  token_policies           = [vault_policy.node.name, vault_policy.node_keys[0].name]
  token_ttl                = var.node_token_ttl
  token_max_ttl            = var.node_token_ttl
}

resource "vault_auth_backend" "gcp" {
  count = local.cloud && var.gcp != null && var.create_auth_mounts ? 1 : 0
  type  = "gcp"
  path  = "gcp"
}

# gce type: the node sends its instance identity token (format=full). Vault checks Google's
# signature and, to look the instance up, uses its own Application Default Credentials
# (compute.instances.get on the project).
resource "vault_gcp_auth_backend_role" "nodes" {
  count                  = local.cloud && var.gcp != null ? 1 : 0
  backend                = var.create_auth_mounts ? vault_auth_backend.gcp[0].path : "gcp"
  role                   = var.node_role_name
  type                   = "gce"
  bound_projects         = [var.gcp.project]
  bound_service_accounts = [var.gcp.node_service_account]
  token_policies         = [vault_policy.node.name, vault_policy.node_keys[0].name]
  token_ttl              = var.node_token_ttl
  token_max_ttl          = var.node_token_ttl
}

resource "vault_auth_backend" "azure" {
  count = local.cloud && var.azure != null && var.create_auth_mounts ? 1 : 0
  type  = "azure"
  path  = "azure"
}

# The token audience (resource) must be the one the node agent asks IMDS for
# (bootstrap.vault.azureResource, default https://management.azure.com/). Vault reads the VM
# through ARM with its own managed identity.
resource "vault_azure_auth_backend_config" "azure" {
  count     = local.cloud && var.azure != null ? 1 : 0
  backend   = var.create_auth_mounts ? vault_auth_backend.azure[0].path : "azure"
  tenant_id = var.azure.tenant_id
  resource  = var.azure.resource
}

resource "vault_azure_auth_backend_role" "nodes" {
  count                  = local.cloud && var.azure != null ? 1 : 0
  backend                = vault_azure_auth_backend_config.azure[0].backend
  role                   = var.node_role_name
  bound_subscription_ids = [var.azure.subscription_id]
  bound_resource_groups  = [var.azure.node_resource_group]
  token_policies         = [vault_policy.node.name, vault_policy.node_keys[0].name]
  token_ttl              = var.node_token_ttl
  token_max_ttl          = var.node_token_ttl
}
