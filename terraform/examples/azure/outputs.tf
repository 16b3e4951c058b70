output "stratus_yaml" {
  description = "The controller's stratus.yaml."
  value       = module.stratus_config.stratus_yaml
}

output "controller_identity_id" {
  value = module.azure.controller_identity_id
}

output "controller_policy" {
  description = "The Vault policy of the controller's token."
  value       = module.vault.controller_policy
}
