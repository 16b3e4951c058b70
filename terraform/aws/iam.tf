data "aws_partition" "current" {}

data "aws_caller_identity" "current" {}

locals {
  ec2_trust = {
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  }
}

# The controller VM's identity: the AWS SDK's default chain picks the instance profile up.
resource "aws_iam_role" "controller" {
  name               = "stratus-${var.cluster}-controller"
  description        = "Stratus controller of cluster ${var.cluster}: launches and terminates its GPU nodes"
  assume_role_policy = jsonencode(local.ec2_trust)
  tags               = var.tags
}

resource "aws_iam_instance_profile" "controller" {
  name = "stratus-${var.cluster}-controller"
  role = aws_iam_role.controller.name
  tags = var.tags
}

# The nodes' identity. It needs no permission: Vault's aws method (IAM type) verifies a signed
# sts:GetCallerIdentity request, which any principal may make, and binds its role to this ARN.
resource "aws_iam_role" "nodes" {
  name               = "stratus-${var.cluster}-node"
  description        = "Stratus GPU nodes of cluster ${var.cluster}: their identity for Vault's aws auth method"
  assume_role_policy = jsonencode(local.ec2_trust)
  tags               = var.tags
}

resource "aws_iam_instance_profile" "nodes" {
  name = "stratus-${var.cluster}-node"
  role = aws_iam_role.nodes.name
  tags = var.tags
}
