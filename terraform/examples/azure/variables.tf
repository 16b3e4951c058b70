variable "cluster" {
  type    = string
  default = "burst"
}

variable "subscription_id" {
  type = string
}

variable "location" {
  type    = string
  default = "eastus"
}

variable "subnet_id" {
  description = "ARM id of the subnet dedicated to the nodes (with outbound access)."
  type        = string
}

variable "ssh_public_key" {
  type = string
}

variable "controller_address" {
  description = "The slurmctld/Stratus controller host as the nodes reach it."
  type        = string
}

variable "controller_address_prefixes" {
  description = "The controller's address as CIDRs, e.g. [\"10.20.0.5/32\"]."
  type        = list(string)
}

variable "controller_nsg" {
  description = "The controller's network security group, if it has one (the azure module adds the nodes' rules to it)."
  type = object({
    name                = string
    resource_group_name = string
    priority            = optional(number, 300)
  })
  default = null
}

variable "vault_address" {
  type = string
}

variable "munge_key_base64" {
  description = "TF_VAR_munge_key_base64=$(base64 -w0 /etc/munge/munge.key) on the slurmctld host."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "agent_url" {
  description = "https URL of the node agent archive (config-templates/README.md says how to build it)."
  type        = string
}

variable "agent_sha256" {
  type = string
}

variable "pools" {
  description = "Pools as stratus-config takes them (see its variable pools)."
  type        = any
  default = [{
    name       = "azure-h100"
    partition  = "h100"
    gpu_model  = "h100"
    gpu_count  = 8
    cpus       = 96
    memory_mib = 1840000 # RealMemory the guest sees (slurmd -C), below the nominal size
    max_nodes  = 2
    offerings = [
      { provider = "azure", region = "eastus", zone = "1", instance_type = "Standard_ND96isr_H100_v5" },
    ]
  }]
}
