# Stands in for examples/azure offline: the values the azure and vault modules would output (ids
# are placeholders), fed to the provider-free stratus-config module. Nodes use AppRole, so the
# controller gets the top-level vault: block. The test copies the module to
# ./modules/stratus-config beside this file, and passes the rendered cloud-init-azure.yaml back in
# as node_user_data, as the example's second apply does.
variable "node_user_data" {
  type    = string
  default = ""
}

module "config" {
  source = "./modules/stratus-config"

  cluster            = "burst"
  controller_address = "10.40.0.5"
  notice_port        = 9090

  pools = [{
    name       = "azure-h100"
    partition  = "h100"
    gpu_model  = "h100"
    gpu_count  = 8
    cpus       = 96
    memory_mib = 1840000
    max_nodes  = 2
    offerings = [
      { provider = "azure", region = "eastus", zone = "1", instance_type = "Standard_ND96isr_H100_v5" },
      { provider = "azure", region = "eastus", zone = "2", instance_type = "Standard_ND96isr_H100_v5", capacity = "spot", price_per_hour = 40 },
    ]
  }]

  agent = {
    url    = "https://artifacts.example.com/stratus/stratus-node-0.1.0.tar.gz"
    sha256 = "4f2d6c0b1a39e8d7c5b4a3928176e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c"
  }

  node_vault = {
    address  = "https://vault.example.com:8200"
    kv_mount = "stratus"
    kv_path  = "burst/munge"
    auth     = "approle"
    role_id  = "6d8f5e4b-1c2a-4b3d-9e8f-0a1b2c3d4e5f"
  }

  controller_vault = {
    address               = "https://vault.example.com:8200"
    kv_mount              = "stratus"
    kv_path               = "burst/munge"
    auth_mount            = "approle"
    role_name             = "stratus-node"
    role_id               = "6d8f5e4b-1c2a-4b3d-9e8f-0a1b2c3d4e5f"
    controller_token_file = "/etc/stratus/vault-token"
  }

  azure = {
    subscription_id = "00000000-0000-0000-0000-000000000000"
    resource_group  = "stratus-burst-nodes"
    location        = "eastus"
    subnet_id       = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/net/providers/Microsoft.Network/virtualNetworks/hpc/subnets/stratus-nodes"
    image           = "microsoft-dsvm:ubuntu-hpc:2204:latest"
    ssh_public_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHVzZXJAZXhhbXBsZQ ops@example"
    admin_username  = "stratus"
  }

  node_user_data = { azure = var.node_user_data }
}

output "stratus_yaml" {
  value = module.config.stratus_yaml
}
