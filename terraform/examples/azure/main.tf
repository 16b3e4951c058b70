# Stratus on Azure: the nodes' resource group, the controller's identity and custom roles, the
# nodes' network security group (azure module), the munge key, the nodes' AppRole and the
# controller's policy in Vault (vault module), and the stratus.yaml made of their outputs
# (stratus-config module). Nodes use AppRole: the azure provider writes each VM's own single-use
# wrapping token into its customData, and creates VMs without a managed identity.
#
#   terraform init && terraform apply                 # 1. everything; stratus.yaml without customData
#   terraform output -raw stratus_yaml > stratus.yaml
#   stratus config render --config stratus.yaml --out render   # writes render/cloud-init-azure.yaml
#   terraform apply                                   # 2. stratus.yaml gains providers.azure.customData
#   terraform output -raw stratus_yaml > stratus.yaml # the controller's file
#   vault token create -policy=$(terraform output -raw controller_policy) -period=24h -orphan \
#     -field=token > /etc/stratus/vault-token         # on the controller, mode 0400
terraform {
  required_version = ">= 1.11"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 4.0"
    }
    vault = {
      source  = "hashicorp/vault"
      version = "~> 5.0"
    }
  }
}

provider "azurerm" {
  features {}
  subscription_id = var.subscription_id
}

# Vault's address and token come from VAULT_ADDR / VAULT_TOKEN.
provider "vault" {}

locals {
  cloud_init_file = "${path.root}/render/cloud-init-azure.yaml"
  cloud_init      = fileexists(local.cloud_init_file) ? file(local.cloud_init_file) : ""
}

module "azure" {
  source = "../../azure"

  cluster                     = var.cluster
  location                    = var.location
  subnet_id                   = var.subnet_id
  ssh_public_key              = var.ssh_public_key
  controller_address_prefixes = var.controller_address_prefixes
  controller_nsg              = var.controller_nsg
}

module "vault" {
  source = "../../vault"

  cluster          = var.cluster
  vault_address    = var.vault_address
  munge_key_base64 = var.munge_key_base64
  node_auth        = "approle"
}

module "stratus_config" {
  source = "../../modules/stratus-config"

  cluster            = var.cluster
  controller_address = var.controller_address
  pools              = var.pools
  agent              = { url = var.agent_url, sha256 = var.agent_sha256 }
  node_vault         = module.vault.node_vault
  controller_vault   = module.vault.controller_vault
  azure              = module.azure.stratus
  node_user_data     = { azure = local.cloud_init }
}
