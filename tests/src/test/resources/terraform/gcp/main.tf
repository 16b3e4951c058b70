# Stands in for examples/gcp offline: the values the gcp and vault modules would output (ids are
# placeholders), fed to the provider-free stratus-config module. The test copies the module to
# ./modules/stratus-config beside this file, and passes the rendered cloud-init-gcp.yaml back in
# as node_user_data, as the example's second apply does.
variable "node_user_data" {
  type    = string
  default = ""
}

module "config" {
  source = "./modules/stratus-config"

  cluster            = "burst"
  controller_address = "10.30.0.5"

  pools = [{
    name       = "gcp-a100"
    partition  = "a100"
    gpu_model  = "a100"
    gpu_count  = 8
    cpus       = 96
    memory_mib = 660000
    max_nodes  = 2
    offerings = [
      { provider = "gcp", region = "us-central1", zone = "us-central1-a", instance_type = "a2-highgpu-8g" },
    ]
    }, {
    name       = "gcp-h100"
    partition  = "h100"
    gpu_model  = "h100"
    gpu_count  = 8
    cpus       = 208
    memory_mib = 1820000
    max_nodes  = 3
    offerings = [
      { provider = "gcp", region = "us-central1", zone = "us-central1-b", instance_type = "a3-highgpu-8g", capacity = "spot", price_per_hour = 20.2 },
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
    auth     = "cloud"
    role     = "stratus-node"
  }

  gcp = {
    project              = "my-hpc-project"
    region               = "us-central1"
    network              = "projects/my-hpc-project/global/networks/hpc"
    subnetwork           = "projects/my-hpc-project/regions/us-central1/subnetworks/gpu"
    image                = "projects/ubuntu-os-cloud/global/images/family/ubuntu-2204-lts"
    node_service_account = "stratus-burst-node@my-hpc-project.iam.gserviceaccount.com"
    boot_disk_gb         = 200
  }

  node_user_data = { gcp = var.node_user_data }
}

output "stratus_yaml" {
  value = module.config.stratus_yaml
}
