variable "cluster" {
  description = "Stratus cluster name; names the policies and the default secret path."
  type        = string
}

variable "vault_address" {
  description = "Vault as the nodes and the controller reach it, https://host:port without a path (bootstrap.vault.address, vault.address)."
  type        = string
}

variable "ca_cert_file" {
  description = "PEM bundle for Vault's certificate, at this path on the nodes and the controller; null: the system trust store."
  type        = string
  default     = null
}

variable "munge_key_base64" {
  description = "The cluster's munge key, base64 (e.g. filebase64(\"/etc/munge/munge.key\") on the slurmctld host): nodes must hold the same key as slurmctld. Ephemeral and written write-only: it is in neither the plan nor the state."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "munge_key_version" {
  description = "Raise it to write a changed munge_key_base64 (write-only values are not compared)."
  type        = number
  default     = 1
}

variable "kv_mount" {
  description = "Path of the KV v2 mount this module creates for the munge key."
  type        = string
  default     = "stratus"
}

variable "kv_path" {
  description = "Secret path of the munge key under kv_mount; default <cluster>/munge. Its field is \"key\"."
  type        = string
  default     = null
}

variable "node_auth" {
  description = "How nodes log in (bootstrap.vault.auth): cloud (their cloud identity: aws, gcp, azure roles) or approle (a single-use wrapping token per node, issued by the controller; the Azure provider is the cloud provider that can hand one to each VM)."
  type        = string
  default     = "cloud"

  validation {
    condition     = contains(["cloud", "approle"], var.node_auth)
    error_message = "node_auth must be cloud or approle."
  }
}

variable "node_role_name" {
  description = "Name of the nodes' role, the same on every auth method (bootstrap.vault.role, vault.roleName)."
  type        = string
  default     = "stratus-node"
}

variable "node_token_ttl" {
  description = "Seconds a node's Vault token lives: it reads the key once and revokes itself."
  type        = number
  default     = 300
}

variable "secret_id_ttl" {
  description = "Seconds an AppRole secret-id lives (the controller also asks for vault.wrapTtl per request)."
  type        = number
  default     = 600
}

variable "controller_token_file" {
  description = "Where the controller reads its Vault token (vault.controllerTokenFile, mode 0400). This module does not issue the token: see the README."
  type        = string
  default     = "/etc/stratus/vault-token"
}

variable "create_auth_mounts" {
  description = "Enable the auth methods at approle/, aws/, gcp/, azure/ (the paths the node agent logs in at). false: they are already enabled there; only roles are added."
  type        = bool
  default     = true
}

variable "aws" {
  description = "Nodes on AWS with node_auth = cloud: the nodes' IAM role (aws module node_role_arn) and the X-Vault-AWS-IAM-Server-ID value to require (recommended: Vault's host name)."
  type = object({
    node_role_arn    = string
    server_id_header = optional(string)
    # the region Vault looks the instance up in; it infers the instance from the login's session
    # name, which puts the instance id (inferred_entity_id) on the login's alias for node keys
    region = optional(string, "us-east-1")
  })
  default = null
}

variable "gcp" {
  description = "Nodes on GCP with node_auth = cloud: their project and service account (gcp module node_service_account)."
  type = object({
    project              = string
    node_service_account = string
  })
  default = null
}

variable "azure" {
  description = "Nodes on Azure with node_auth = cloud: only for VMs that get a managed identity some other way (the Stratus azure provider creates VMs without one). Binds the role to the nodes' resource group."
  type = object({
    tenant_id           = string
    subscription_id     = string
    node_resource_group = string
    resource            = optional(string, "https://management.azure.com/")
  })
  default = null
}
