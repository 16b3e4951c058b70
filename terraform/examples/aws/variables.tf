variable "cluster" {
  type    = string
  default = "burst"
}

variable "region" {
  type    = string
  default = "us-east-1"
}

variable "vpc_id" {
  type = string
}

variable "subnets" {
  description = "Zone to private subnet ids, e.g. { us-east-1a = [\"subnet-0aaa1111bbbb2222c\"] }."
  type        = map(list(string))
}

variable "node_image_id" {
  description = "AMI with the NVIDIA driver, EFA software and cloud-init (e.g. a Deep Learning Base AMI for Ubuntu)."
  type        = string
}

variable "efa_interfaces" {
  type    = number
  default = 32 # p5.48xlarge
}

variable "controller_address" {
  description = "The slurmctld/Stratus controller host as the nodes reach it."
  type        = string
}

variable "controller_cidr_blocks" {
  description = "The controller's address as a CIDR when it is not in the aws module's controller security group."
  type        = list(string)
  default     = []
}

variable "vault_address" {
  type = string
}

variable "vault_server_id_header" {
  description = "X-Vault-AWS-IAM-Server-ID the aws auth method requires (Vault's host name)."
  type        = string
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
    name       = "aws-h100"
    partition  = "h100"
    gpu_model  = "h100"
    gpu_count  = 8
    cpus       = 192
    memory_mib = 1980000 # RealMemory the guest sees (slurmd -C), below the nominal size
    max_nodes  = 4
    offerings = [
      { provider = "aws", region = "us-east-1", zone = "us-east-1a", instance_type = "p5.48xlarge", capacity = "spot", price_per_hour = 40 },
      { provider = "aws", region = "us-east-1", zone = "us-east-1a", instance_type = "p5.48xlarge" },
    ]
  }]
}
