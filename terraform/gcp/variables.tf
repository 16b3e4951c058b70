variable "cluster" {
  description = "Stratus cluster name (stratus.yaml cluster); names the service accounts, roles and firewall rules."
  type        = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,16}$", var.cluster))
    error_message = "cluster must be lower-case letters, digits and '-' (at most 17: it goes into service account ids)."
  }
}

variable "project" {
  description = "Project the nodes run in (providers.gcp.project)."
  type        = string
}

variable "region" {
  description = "Region of every offering's zone (providers.gcp.region)."
  type        = string
}

variable "network" {
  description = "Name of the VPC network the nodes and the controller share."
  type        = string
}

variable "subnetwork" {
  description = "Name of the nodes' subnetwork in region (nodes get no external IP: give it Cloud NAT or Private Google Access and a mirror). null: the network's auto subnet."
  type        = string
  default     = null
}

variable "node_image" {
  description = "Boot image of the nodes (providers.gcp.image): one that runs cloud-init, with the NVIDIA driver for the GPUs."
  type        = string
  default     = "projects/ubuntu-os-cloud/global/images/family/ubuntu-2204-lts"
}

variable "boot_disk_gb" {
  description = "Boot disk size of a node (providers.gcp.bootDiskGb)."
  type        = number
  default     = 200
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

variable "controller_source_ranges" {
  description = "Addresses of a slurmctld host that does not run as the controller service account (on premises, over VPN): they may reach slurmd too."
  type        = list(string)
  default     = []
}
