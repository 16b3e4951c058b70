variable "cluster" {
  type    = string
  default = "burst"
}

variable "project" {
  type = string
}

variable "region" {
  type    = string
  default = "us-central1"
}

variable "network" {
  type = string
}

variable "subnetwork" {
  description = "The nodes' subnetwork in region (with Cloud NAT: nodes have no external IP)."
  type        = string
  default     = null
}

variable "controller_address" {
  description = "The slurmctld/Stratus controller VM (running as the gcp module's controller service account) as the nodes reach it."
  type        = string
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
    name       = "gcp-a100"
    partition  = "a100"
    gpu_model  = "a100"
    gpu_count  = 8
    cpus       = 96
    memory_mib = 660000 # RealMemory the guest sees (slurmd -C), below the nominal size
    max_nodes  = 2
    offerings = [
      { provider = "gcp", region = "us-central1", zone = "us-central1-a", instance_type = "a2-highgpu-8g" },
    ]
  }]
}
