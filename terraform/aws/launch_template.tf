# What every GPU node launches with (providers.aws.launchTemplate). Stratus adds the instance type,
# subnet, capacity type, placement group and its tags per launch. Placement groups are not made
# here: the controller creates a cluster placement group per multi-node launch
# (placementGroups: true) and deletes it when empty.
resource "aws_launch_template" "nodes" {
  name                   = "stratus-${var.cluster}-nodes"
  description            = "Stratus GPU nodes of ${var.cluster}"
  image_id               = var.node_image_id
  update_default_version = true
  user_data              = var.node_user_data == "" ? null : base64encode(var.node_user_data)

  iam_instance_profile {
    arn = aws_iam_instance_profile.nodes.arn
  }

  # With EFA the security group goes on the interfaces; without, on the instance.
  vpc_security_group_ids = var.efa_interfaces == 0 ? [aws_security_group.nodes.id] : null

  dynamic "network_interfaces" {
    for_each = range(var.efa_interfaces)
    content {
      network_card_index    = network_interfaces.value
      device_index          = network_interfaces.value == 0 ? 0 : 1
      interface_type        = "efa"
      security_groups       = [aws_security_group.nodes.id]
      delete_on_termination = true
    }
  }

  # The node's cloud-init reads its Slurm name from the stratus:node tag through IMDSv2.
  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
    instance_metadata_tags      = "enabled"
  }

  block_device_mappings {
    device_name = var.root_device_name
    ebs {
      volume_size           = var.root_volume_gb
      volume_type           = "gp3"
      encrypted             = true
      delete_on_termination = true
    }
  }

  tags = var.tags
}
