# The controller's permissions, and nothing else in this file: TerraformModulesTest reads every
# "ec2:..." and "iam:..." action here and checks the set against providers/aws/README.md.

locals {
  arn_prefix = "arn:${data.aws_partition.current.partition}:ec2:${var.region}:${data.aws_caller_identity.current.account_id}"

  # The actions are exactly those on providers/aws/README.md (tests/.../TerraformModulesTest checks
  # it). The page's tag conditions would refuse a launch, because CreateFleet and RunInstances are
  # also authorised on the template, subnets, security group, image, volumes and interfaces, which
  # carry no request tag; as the page advises, those are scoped by ARN here instead.
  controller_policy = {
    Version = "2012-10-17"
    Statement = concat([
      {
        Sid      = "Describe"
        Effect   = "Allow"
        Resource = "*"
        Action = ["ec2:DescribeInstances", "ec2:DescribeInstanceTopology", "ec2:DescribePlacementGroups",
        "ec2:DescribeCapacityReservations", "ec2:DescribeCapacityBlockOfferings"]
      },
      {
        Sid      = "ReadPrices"
        Effect   = "Allow"
        Resource = "*"
        Action   = ["pricing:GetProducts", "ec2:DescribeSpotPriceHistory"]
      },
      {
        Sid    = "CreateOnlyTaggedForThisCluster"
        Effect = "Allow"
        Resource = [
          "${local.arn_prefix}:instance/*",
          "${local.arn_prefix}:placement-group/*",
        ]
        Action    = ["ec2:CreateFleet", "ec2:RunInstances", "ec2:CreateTags", "ec2:CreatePlacementGroup"]
        Condition = { StringEquals = { "aws:RequestTag/stratus:cluster" = var.cluster } }
      },
      {
        Sid    = "LaunchWithTheNodeTemplate"
        Effect = "Allow"
        Resource = concat(
          [
            "${local.arn_prefix}:fleet/*",
            "${local.arn_prefix}:volume/*",
            "${local.arn_prefix}:network-interface/*",
            "${local.arn_prefix}:spot-instances-request/*",
            "${local.arn_prefix}:capacity-reservation/*",
            aws_launch_template.nodes.arn,
            aws_security_group.nodes.arn,
            "arn:${data.aws_partition.current.partition}:ec2:${var.region}::image/${var.node_image_id}",
          ],
          [for id in flatten(values(var.subnets)) : "${local.arn_prefix}:subnet/${id}"],
        )
        Action = ["ec2:CreateFleet", "ec2:RunInstances"]
      },
      {
        Sid       = "ManageOnlyThisCluster"
        Effect    = "Allow"
        Resource  = "*"
        Action    = ["ec2:CreateTags", "ec2:TerminateInstances", "ec2:DeletePlacementGroup", "ec2:CreateFleet", "ec2:RunInstances"]
        Condition = { StringEquals = { "aws:ResourceTag/stratus:cluster" = var.cluster } }
      },
      {
        Sid      = "PassTheNodeRole"
        Effect   = "Allow"
        Resource = aws_iam_role.nodes.arn
        Action   = "iam:PassRole"
      },
      {
        Sid       = "SpotAndFleetServiceLinkedRoles"
        Effect    = "Allow"
        Resource  = "*"
        Action    = "iam:CreateServiceLinkedRole"
        Condition = { StringEquals = { "iam:AWSServiceName" = ["spot.amazonaws.com", "ec2fleet.amazonaws.com"] } }
      },
      ],
      # Buying Capacity Blocks spends money up front: granted only when asked for
      # (`stratus reservations buy` checks its price cap and budget, and dry-runs first).
      var.allow_block_purchase ? [{
        Sid      = "BuyCapacityBlocks"
        Effect   = "Allow"
        Resource = "*"
        Action   = "ec2:PurchaseCapacityBlock"
    }] : [])
  }
}

resource "aws_iam_role_policy" "controller" {
  name   = "stratus-ec2"
  role   = aws_iam_role.controller.id
  policy = jsonencode(local.controller_policy)
}
