output "stratus_yaml" {
  description = "The controller's stratus.yaml."
  value       = module.stratus_config.stratus_yaml
}

output "controller_instance_profile" {
  value = module.aws.controller_instance_profile
}

output "controller_security_group_id" {
  value = module.aws.controller_security_group_id
}
