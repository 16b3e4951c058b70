# Stands in for examples/aws offline: the values the aws and vault modules would output
# (ids are placeholders), fed to the provider-free stratus-config module. The test copies the
# module to ./modules/stratus-config beside this file.
module "config" {
  source = "./modules/stratus-config"

  cluster            = "burst"
  controller_address = "10.20.0.5"

  pools = [{
    name       = "aws-h100"
    partition  = "h100"
    gpu_model  = "h100"
    gpu_count  = 8
    cpus       = 192
    memory_mib = 1980000
    max_nodes  = 4
    offerings = [
      { provider = "aws", region = "us-east-1", zone = "us-east-1a", instance_type = "p5.48xlarge", capacity = "spot", price_per_hour = 40 },
      { provider = "aws", region = "us-east-1", zone = "us-east-1a", instance_type = "p5.48xlarge" },
    ]
    }, {
    name       = "aws-a100"
    partition  = "a100"
    gpu_model  = "a100"
    gpu_count  = 8
    cpus       = 96
    memory_mib = 1100000
    max_nodes  = 2
    offerings = [
      { provider = "aws", region = "us-east-1", zone = "us-east-1b", instance_type = "p4d.24xlarge", price_per_hour = 21.96 },
    ]
  }]

  agent = {
    url    = "https://artifacts.example.com/stratus/stratus-node-0.1.0.tar.gz"
    sha256 = "4f2d6c0b1a39e8d7c5b4a3928176e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c"
  }

  node_vault = {
    address              = "https://vault.example.com:8200"
    kv_mount             = "stratus"
    kv_path              = "burst/munge"
    auth                 = "cloud"
    role                 = "stratus-node"
    aws_server_id_header = "vault.example.com"
  }

  aws = {
    region             = "us-east-1"
    launch_template_id = "lt-0123456789abcdef0"
    subnets = {
      "us-east-1a" = ["subnet-0aaa1111bbbb2222c"]
      "us-east-1b" = ["subnet-0ddd3333eeee4444f", "subnet-0123456789abcdef0"]
    }
  }
}

output "stratus_yaml" {
  value = module.config.stratus_yaml
}
