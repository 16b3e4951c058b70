variable "cluster" {
  description = "Stratus cluster name (stratus.yaml cluster); names the resource group, identity, roles and security group."
  type        = string
}

variable "location" {
  description = "Azure region of the nodes (providers.azure.location), e.g. eastus."
  type        = string
}

variable "resource_group_name" {
  description = "Resource group created for the nodes' VMs, NICs, disks and proximity placement groups (providers.azure.resourceGroup); the controller's role is scoped to it. Default stratus-<cluster>-nodes."
  type        = string
  default     = null
}

variable "subnet_id" {
  description = "ARM id of the subnet the nodes' NICs join (providers.azure.subnetId). Dedicate it to Stratus nodes: the module associates its network security group with it. It needs outbound access (packages, the agent archive, Vault)."
  type        = string

  validation {
    condition     = can(regex("(?i)^/subscriptions/[^/]+/resourceGroups/[^/]+/providers/Microsoft\\.Network/virtualNetworks/[^/]+/subnets/[^/]+$", var.subnet_id))
    error_message = "subnet_id must be a subnet ARM id (/subscriptions/../virtualNetworks/../subnets/..)."
  }
}

variable "node_image" {
  description = "Node image (providers.azure.image): a marketplace URN publisher:offer:sku:version or an image / gallery image version ARM id. Must run cloud-init and carry the NVIDIA driver."
  type        = string
  default     = "microsoft-dsvm:ubuntu-hpc:2204:latest"
}

variable "gallery_id" {
  description = "ARM id of the Azure Compute Gallery when node_image is one of its image versions: the controller may then read image versions there."
  type        = string
  default     = null
}

variable "ssh_public_key" {
  description = "SSH public key of the nodes' admin user (providers.azure.sshPublicKey; password log-in is disabled)."
  type        = string
}

variable "admin_username" {
  description = "The nodes' admin user (providers.azure.adminUsername)."
  type        = string
  default     = "stratus"
}

variable "controller_address_prefixes" {
  description = "Addresses of the slurmctld host(s): they may reach slurmd on the nodes."
  type        = list(string)

  validation {
    condition     = length(var.controller_address_prefixes) > 0
    error_message = "controller_address_prefixes must name the controller's address (e.g. 10.20.0.5/32)."
  }
}

variable "controller_nsg" {
  description = "The network security group of the controller's NIC or subnet, when it has one: rules for slurmctld and the notice endpoint from the nodes are added to it. null: none is touched."
  type = object({
    name                = string
    resource_group_name = string
    priority            = optional(number, 300)
  })
  default = null
}

variable "slurmctld_port" {
  description = "SlurmctldPort: nodes register with slurmctld on it."
  type        = number
  default     = 6817
}

variable "slurmd_port" {
  description = "SlurmdPort: slurmctld reaches each node's slurmd on it."
  type        = number
  default     = 6818
}

variable "notice_port" {
  description = "The controller's notice endpoint (stratus.yaml spot.listen)."
  type        = number
  default     = 8088
}

variable "tags" {
  description = "Tags for the resources this module creates (not the nodes: Stratus tags those)."
  type        = map(string)
  default     = {}
}
