variable "cluster" {
  description = "Cluster name: Slurm ClusterName and the stratus:cluster tag on every instance."
  type        = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9_-]{0,39}$", var.cluster))
    error_message = "cluster must match [a-z][a-z0-9_-]{0,39} (stratus.yaml's rule for cluster)."
  }
}

variable "controller_address" {
  description = "The controller host (slurmctld and the Stratus controller) as the nodes reach it: host name or IP."
  type        = string
}

variable "notice_port" {
  description = "Port of the controller's notice endpoint (spot.listen): spot notices, bootstrap reports, /metrics."
  type        = number
  default     = 8088
}

variable "notice_listen_host" {
  description = "Address the controller's notice endpoint binds to (spot.listen host); the firewall rules decide who reaches it."
  type        = string
  default     = "0.0.0.0"
}

variable "slurmctld_port" {
  description = "SlurmctldPort, used for bootstrap.confServer when configless is true."
  type        = number
  default     = 6817
}

variable "configless" {
  description = "Nodes fetch slurm.conf from slurmctld (bootstrap.confServer) instead of reading their own (bootstrap.slurmConf)."
  type        = bool
  default     = false
}

variable "slurm_conf" {
  description = "slurm.conf on the controller (slurm.slurmConf); the rendered include and gres.conf go next to it."
  type        = string
  default     = "/etc/slurm/slurm.conf"
}

variable "node_slurm_conf" {
  description = "slurm.conf on the nodes (bootstrap.slurmConf), when not configless."
  type        = string
  default     = "/etc/slurm/slurm.conf"
}

variable "topology" {
  description = "slurm.topology: tree (the controller writes topology.conf from the clouds' placement) or none."
  type        = string
  default     = "tree"

  validation {
    condition     = contains(["tree", "none"], var.topology)
    error_message = "topology must be tree or none."
  }
}

variable "state_dir" {
  description = "stateDir of the controller."
  type        = string
  default     = "/var/lib/stratus"
}

variable "power_save" {
  description = "powerSave durations: GPU VMs take minutes to boot and pass the GPU check."
  type = object({
    suspend_time   = optional(string, "10m")
    resume_timeout = optional(string, "15m")
  })
  default = {}
}

variable "pools" {
  description = "Slurm node pools (stratus.yaml pools[]); each provider block's offerings are derived from these."
  type = list(object({
    name        = string
    partition   = optional(string)
    gpu_model   = string
    gpu_count   = number
    cpus        = number
    memory_mib  = number
    max_nodes   = number
    spot_policy = optional(string)
    offerings = list(object({
      provider       = string
      region         = string
      zone           = optional(string, "")
      instance_type  = string
      capacity       = optional(string, "on-demand")
      price_per_hour = optional(number)
    }))
  }))

  validation {
    condition     = length(var.pools) > 0 && alltrue([for p in var.pools : length(p.offerings) > 0])
    error_message = "pools must be non-empty and every pool needs at least one offering."
  }

  validation {
    condition = alltrue(flatten([for p in var.pools : [
      for o in p.offerings : contains(["aws", "gcp", "azure"], o.provider) && contains(["on-demand", "spot"], o.capacity)
    ]]))
    error_message = "every offering's provider must be aws, gcp or azure, and its capacity on-demand or spot."
  }
}

variable "agent" {
  description = "How nodes get the node agent: an https archive (url + sha256) or a package."
  type = object({
    url      = optional(string)
    sha256   = optional(string)
    package  = optional(string)
    packages = optional(list(string))
  })

  validation {
    condition     = (var.agent.url != null && var.agent.sha256 != null) != (var.agent.package != null)
    error_message = "agent needs url and sha256, or package (not both)."
  }
}

variable "node_vault" {
  description = "bootstrap.vault: where nodes read the munge key and how they log in (the vault module's node_vault output)."
  type = object({
    address              = string
    kv_mount             = string
    kv_path              = string
    field                = optional(string, "key")
    auth                 = string
    role                 = optional(string)
    role_id              = optional(string)
    ca_cert_file         = optional(string)
    aws_server_id_header = optional(string)
    azure_resource       = optional(string)
  })

  validation {
    condition     = contains(["cloud", "approle"], var.node_vault.auth)
    error_message = "node_vault.auth must be cloud or approle."
  }
}

variable "controller_vault" {
  description = "The top-level vault: block (the controller issues single-use AppRole secret-ids); null when nodes use cloud auth. The vault module's controller_vault output."
  type = object({
    address               = string
    kv_mount              = string
    kv_path               = string
    field                 = optional(string, "key")
    auth_mount            = string
    role_name             = string
    role_id               = string
    controller_token_file = string
    wrap_ttl              = optional(string, "5m")
    ca_cert_file          = optional(string)
  })
  default = null
}

variable "aws" {
  description = "The aws module's stratus output; null when no pool uses AWS."
  type = object({
    region                  = string
    launch_template_id      = string
    launch_template_version = optional(string, "$Default")
    subnets                 = map(list(string))
    placement_groups        = optional(bool, true)
  })
  default = null
}

variable "gcp" {
  description = "The gcp module's stratus output; null when no pool uses GCP."
  type = object({
    project              = string
    region               = string
    network              = string
    subnetwork           = optional(string)
    image                = string
    node_service_account = string
    compact_placement    = optional(bool, true)
    boot_disk_gb         = optional(number)
  })
  default = null
}

variable "azure" {
  description = "The azure module's stratus output; null when no pool uses Azure."
  type = object({
    subscription_id = string
    resource_group  = string
    location        = string
    subnet_id       = string
    image           = string
    ssh_public_key  = string
    admin_username  = optional(string)
    os_disk_size_gb = optional(number)
  })
  default = null
}

variable "node_user_data" {
  description = "The cloud-init files `stratus config render` wrote (contents), for the clouds whose provider block carries them: GCP userData, Azure customData. AWS's goes into the launch template (aws module). Empty on the first apply."
  type = object({
    gcp   = optional(string, "")
    azure = optional(string, "")
  })
  default = {}
}
