# Stratus on AWS: the controller's and the nodes' IAM roles, security groups and the nodes'
# launch template (aws module), the munge key and the nodes' aws auth role in Vault (vault
# module), and the stratus.yaml made of their outputs (stratus-config module).
#
#   terraform init && terraform apply                 # 1. everything; stratus.yaml without user-data
#   terraform output -raw stratus_yaml > stratus.yaml
#   stratus config render --config stratus.yaml --out render   # writes render/cloud-init-aws.yaml
#   terraform apply                                   # 2. the launch template gets that cloud-init
terraform {
  required_version = ">= 1.11"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 6.0"
    }
    vault = {
      source  = "hashicorp/vault"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = var.region
}

# Vault's address and token come from VAULT_ADDR / VAULT_TOKEN (a token that may mount engines
# and auth methods and write policies).
provider "vault" {}

locals {
  cloud_init_file = "${path.root}/render/cloud-init-aws.yaml"
  cloud_init      = fileexists(local.cloud_init_file) ? file(local.cloud_init_file) : ""
}

module "aws" {
  source = "../../aws"

  cluster                = var.cluster
  region                 = var.region
  vpc_id                 = var.vpc_id
  subnets                = var.subnets
  node_image_id          = var.node_image_id
  efa_interfaces         = var.efa_interfaces
  controller_cidr_blocks = var.controller_cidr_blocks
  node_user_data         = local.cloud_init
}

module "vault" {
  source = "../../vault"

  cluster          = var.cluster
  vault_address    = var.vault_address
  munge_key_base64 = var.munge_key_base64
  node_auth        = "cloud"
  aws = {
    node_role_arn    = module.aws.node_role_arn
    server_id_header = var.vault_server_id_header
  }
}

module "stratus_config" {
  source = "../../modules/stratus-config"

  cluster            = var.cluster
  controller_address = var.controller_address
  pools              = var.pools
  agent              = { url = var.agent_url, sha256 = var.agent_sha256 }
  node_vault         = module.vault.node_vault
  aws                = module.aws.stratus
}
