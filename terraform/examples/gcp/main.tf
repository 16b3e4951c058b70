# Stratus on GCP: the controller's and the nodes' service accounts, the controller's custom roles
# and the firewall rules (gcp module), the munge key and the nodes' gcp auth role in Vault (vault
# module), and the stratus.yaml made of their outputs (stratus-config module).
#
#   terraform init && terraform apply                 # 1. everything; stratus.yaml without user-data
#   terraform output -raw stratus_yaml > stratus.yaml
#   stratus config render --config stratus.yaml --out render   # writes render/cloud-init-gcp.yaml
#   terraform apply                                   # 2. stratus.yaml gains providers.gcp.userData
#   terraform output -raw stratus_yaml > stratus.yaml # the controller's file
terraform {
  required_version = ">= 1.11"

  required_providers {
    google = {
      source  = "hashicorp/google"
      version = ">= 6.0, < 8.0"
    }
    vault = {
      source  = "hashicorp/vault"
      version = "~> 5.0"
    }
  }
}

provider "google" {
  project = var.project
  region  = var.region
}

# Vault's address and token come from VAULT_ADDR / VAULT_TOKEN.
provider "vault" {}

locals {
  cloud_init_file = "${path.root}/render/cloud-init-gcp.yaml"
  cloud_init      = fileexists(local.cloud_init_file) ? file(local.cloud_init_file) : ""
}

module "gcp" {
  source = "../../gcp"

  cluster    = var.cluster
  project    = var.project
  region     = var.region
  network    = var.network
  subnetwork = var.subnetwork
}

module "vault" {
  source = "../../vault"

  cluster          = var.cluster
  vault_address    = var.vault_address
  munge_key_base64 = var.munge_key_base64
  node_auth        = "cloud"
  gcp = {
    project              = var.project
    node_service_account = module.gcp.node_service_account
  }
}

module "stratus_config" {
  source = "../../modules/stratus-config"

  cluster            = var.cluster
  controller_address = var.controller_address
  pools              = var.pools
  agent              = { url = var.agent_url, sha256 = var.agent_sha256 }
  node_vault         = module.vault.node_vault
  gcp                = module.gcp.stratus
  node_user_data     = { gcp = local.cloud_init }
}
