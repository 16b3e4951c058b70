variable "cluster" {
  description = "Stratus cluster name (stratus.yaml cluster): the stratus:cluster tag the controller's permissions are scoped to."
  type        = string
}

variable "region" {
  description = "EC2 region the nodes run in (providers.aws.region)."
  type        = string
}

variable "vpc_id" {
  description = "The VPC of the node subnets (and of the controller, when it runs in AWS)."
  type        = string
}

variable "subnets" {
  description = "Availability zone to the subnet ids nodes may launch into (providers.aws.subnets). Private subnets with a NAT route: nodes install packages, fetch the agent and reach Vault."
  type        = map(list(string))

  validation {
    condition     = length(var.subnets) > 0 && alltrue([for ids in values(var.subnets) : length(ids) > 0])
    error_message = "subnets must name at least one zone, each with at least one subnet id."
  }
}

variable "node_image_id" {
  description = "AMI of the GPU nodes: NVIDIA driver, EFA software, cloud-init; munge, slurmd and Java come from the cloud-init packages."
  type        = string
}

variable "efa_interfaces" {
  description = "EFA interfaces per node (p5.48xlarge: 32, p4d/p4de.24xlarge: 4); 0 for one plain ENI."
  type        = number
  default     = 0

  validation {
    condition     = var.efa_interfaces >= 0 && var.efa_interfaces <= 32
    error_message = "efa_interfaces must be 0..32."
  }
}

variable "root_volume_gb" {
  description = "Root volume size of a node (gp3, encrypted)."
  type        = number
  default     = 200
}

variable "root_device_name" {
  description = "The AMI's root device name (/dev/sda1 on Ubuntu and the Deep Learning AMIs, /dev/xvda on Amazon Linux)."
  type        = string
  default     = "/dev/sda1"
}

variable "node_user_data" {
  description = "Contents of cloud-init-aws.yaml as `stratus config render` wrote it; empty on the first apply (no node is launched before the controller runs)."
  type        = string
  default     = ""

  validation {
    condition     = length(var.node_user_data) <= 16384
    error_message = "EC2 user data is limited to 16 KiB."
  }
}

variable "controller_cidr_blocks" {
  description = "Addresses of a slurmctld host outside this VPC's security groups (on premises, another VPC): they may reach slurmd. A controller inside the VPC gets controller_security_group_id instead."
  type        = list(string)
  default     = []
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
  description = "The controller's notice endpoint (stratus.yaml spot.listen): nodes post spot notices and bootstrap reports there."
  type        = number
  default     = 8088
}

variable "tags" {
  description = "Tags for the resources this module creates (not the nodes: Stratus tags those)."
  type        = map(string)
  default     = {}
}

variable "allow_block_purchase" {
  description = "Grant the controller ec2:PurchaseCapacityBlock, so that `stratus reservations buy` can buy Capacity Blocks (it spends money up front)."
  type        = bool
  default     = false
}
