locals {
  notice_url = "http://${var.controller_address}:${var.notice_port}/v1/notices"

  # Every offering of every pool, with its stratus.yaml keys; nulls are dropped below.
  offerings = flatten([for p in var.pools : p.offerings])

  # Each provider block lists the offerings the pools use, once each. The list is built as JSON
  # strings so that distinct() can compare offerings with and without a price.
  provider_offerings = {
    for cloud, type_key in { aws = "instanceType", gcp = "machineType", azure = "instanceType" } : cloud => [
      for text in distinct([
        for o in local.offerings : jsonencode({
          for k, v in {
            (type_key)   = o.instance_type
            zone         = o.zone == "" ? null : o.zone
            capacityType = o.capacity
            pricePerHour = o.price_per_hour
          } : k => v if v != null
        }) if o.provider == cloud
      ]) : jsondecode(text)
    ]
  }

  pools = [
    for p in var.pools : {
      for k, v in {
        name       = p.name
        partition  = p.partition
        gpu        = { model = p.gpu_model, count = p.gpu_count }
        cpus       = p.cpus
        memoryMiB  = p.memory_mib
        maxNodes   = p.max_nodes
        spotPolicy = p.spot_policy
        offerings = [
          for o in p.offerings : {
            for k, v in {
              provider     = o.provider
              region       = o.region
              zone         = o.zone == "" ? null : o.zone
              instanceType = o.instance_type
              capacity     = o.capacity
              pricePerHour = o.price_per_hour
            } : k => v if v != null
          }
        ]
      } : k => v if v != null
    }
  ]

  node_vault = {
    for k, v in {
      address           = var.node_vault.address
      kvMount           = var.node_vault.kv_mount
      kvPath            = var.node_vault.kv_path
      field             = var.node_vault.field
      auth              = var.node_vault.auth
      role              = var.node_vault.role
      roleId            = var.node_vault.role_id
      caCertFile        = var.node_vault.ca_cert_file
      awsServerIdHeader = var.node_vault.aws_server_id_header
      azureResource     = var.node_vault.azure_resource
    } : k => v if v != null
  }

  bootstrap = {
    for k, v in {
      agentUrl     = var.agent.url
      agentSha256  = var.agent.sha256
      agentPackage = var.agent.package
      packages     = var.agent.packages
      slurmConf    = var.configless ? null : var.node_slurm_conf
      confServer   = var.configless ? "${var.controller_address}:${var.slurmctld_port}" : null
      noticeUrl    = local.notice_url
      vault        = local.node_vault
    } : k => v if v != null
  }

  controller_vault = var.controller_vault == null ? null : {
    for k, v in {
      address             = var.controller_vault.address
      caCertFile          = var.controller_vault.ca_cert_file
      kvMount             = var.controller_vault.kv_mount
      kvPath              = var.controller_vault.kv_path
      field               = var.controller_vault.field
      authMount           = var.controller_vault.auth_mount
      roleName            = var.controller_vault.role_name
      roleId              = var.controller_vault.role_id
      controllerTokenFile = var.controller_vault.controller_token_file
      wrapTtl             = var.controller_vault.wrap_ttl
    } : k => v if v != null
  }

  aws = var.aws == null ? null : {
    region          = var.aws.region
    launchTemplate  = { id = var.aws.launch_template_id, version = var.aws.launch_template_version }
    subnets         = var.aws.subnets
    offerings       = local.provider_offerings.aws
    placementGroups = var.aws.placement_groups
  }

  gcp = var.gcp == null ? null : {
    for k, v in {
      project          = var.gcp.project
      region           = var.gcp.region
      network          = var.gcp.network
      subnetwork       = var.gcp.subnetwork
      image            = var.gcp.image
      serviceAccount   = var.gcp.node_service_account
      compactPlacement = var.gcp.compact_placement
      bootDiskGb       = var.gcp.boot_disk_gb
      offerings        = local.provider_offerings.gcp
      userData         = var.node_user_data.gcp == "" ? null : var.node_user_data.gcp
    } : k => v if v != null
  }

  azure = var.azure == null ? null : {
    for k, v in {
      subscriptionId = var.azure.subscription_id
      resourceGroup  = var.azure.resource_group
      location       = var.azure.location
      subnetId       = var.azure.subnet_id
      image          = var.azure.image
      sshPublicKey   = var.azure.ssh_public_key
      adminUsername  = var.azure.admin_username
      osDiskSizeGb   = var.azure.os_disk_size_gb
      offerings      = local.provider_offerings.azure
      customData     = var.node_user_data.azure == "" ? null : var.node_user_data.azure
    } : k => v if v != null
  }

  providers = {
    for k, v in { aws = local.aws, gcp = local.gcp, azure = local.azure } : k => v if v != null
  }

  document = {
    for k, v in {
      cluster   = var.cluster
      slurm     = { slurmConf = var.slurm_conf, topology = var.topology }
      stateDir  = var.state_dir
      powerSave = { suspendTime = var.power_save.suspend_time, resumeTimeout = var.power_save.resume_timeout }
      spot      = { listen = "${var.notice_listen_host}:${var.notice_port}" }
      bootstrap = local.bootstrap
      vault     = local.controller_vault
      pools     = local.pools
      providers = local.providers
    } : k => v if v != null
  }

  # A pool offering on a cloud without its provider block would be refused by `stratus config
  # render`; say so at plan time instead.
  used_clouds    = toset([for o in local.offerings : o.provider])
  missing_blocks = setsubtract(local.used_clouds, keys(local.providers))
}
