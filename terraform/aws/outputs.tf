output "stratus" {
  description = "What stratus.yaml's providers.aws needs: pass it as stratus-config's aws input."
  value = {
    region                  = var.region
    launch_template_id      = aws_launch_template.nodes.id
    launch_template_version = "$Default"
    subnets                 = var.subnets
    placement_groups        = true
  }
}

output "node_role_arn" {
  description = "The nodes' IAM role: bind the vault module's aws role to it (aws_node_role_arn)."
  value       = aws_iam_role.nodes.arn
}

output "controller_instance_profile" {
  description = "Instance profile to attach to the controller VM."
  value       = aws_iam_instance_profile.controller.name
}

output "controller_security_group_id" {
  description = "Security group to attach to the controller VM (in addition to its own)."
  value       = aws_security_group.controller.id
}

output "node_security_group_id" {
  description = "The nodes' security group (in the launch template)."
  value       = aws_security_group.nodes.id
}
