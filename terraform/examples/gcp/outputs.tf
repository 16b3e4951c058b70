output "stratus_yaml" {
  description = "The controller's stratus.yaml."
  value       = module.stratus_config.stratus_yaml
}

output "controller_service_account" {
  value = module.gcp.controller_service_account
}
