# slurmctld -> slurmd (SlurmdPort) on every node; nodes -> slurmctld (SlurmctldPort) and the
# controller's notice endpoint. munge opens no port: each node runs its own munged on a local
# socket and the credentials travel inside Slurm's messages. Security groups are additive, so
# the controller's group is attached beside whatever the controller host already has.

resource "aws_security_group" "nodes" {
  name        = "stratus-${var.cluster}-nodes"
  description = "Stratus GPU nodes of ${var.cluster}: slurmd from the controller, all traffic among the nodes"
  vpc_id      = var.vpc_id
  tags        = merge(var.tags, { Name = "stratus-${var.cluster}-nodes" })
}

resource "aws_security_group" "controller" {
  name        = "stratus-${var.cluster}-controller"
  description = "Stratus controller of ${var.cluster}: slurmctld and the notice endpoint from the nodes"
  vpc_id      = var.vpc_id
  tags        = merge(var.tags, { Name = "stratus-${var.cluster}-controller" })
}

resource "aws_vpc_security_group_ingress_rule" "slurmd_from_controller" {
  security_group_id            = aws_security_group.nodes.id
  description                  = "slurmctld to slurmd"
  ip_protocol                  = "tcp"
  from_port                    = var.slurmd_port
  to_port                      = var.slurmd_port
  referenced_security_group_id = aws_security_group.controller.id
}

resource "aws_vpc_security_group_ingress_rule" "slurmd_from_controller_cidr" {
  for_each          = toset(var.controller_cidr_blocks)
  security_group_id = aws_security_group.nodes.id
  description       = "slurmctld (outside the VPC's groups) to slurmd"
  ip_protocol       = "tcp"
  from_port         = var.slurmd_port
  to_port           = var.slurmd_port
  cidr_ipv4         = each.value
}

# Multi-node jobs: srun and slurmstepd talk on ephemeral ports, NCCL and MPI on their own, and
# EFA requires a group that allows all traffic to and from itself.
resource "aws_vpc_security_group_ingress_rule" "among_nodes" {
  security_group_id            = aws_security_group.nodes.id
  description                  = "all traffic among the nodes (srun, NCCL/MPI, EFA)"
  ip_protocol                  = "-1"
  referenced_security_group_id = aws_security_group.nodes.id
}

resource "aws_vpc_security_group_egress_rule" "among_nodes" {
  security_group_id            = aws_security_group.nodes.id
  description                  = "all traffic among the nodes (EFA requires it)"
  ip_protocol                  = "-1"
  referenced_security_group_id = aws_security_group.nodes.id
}

# Packages, the agent archive, Vault, the controller (slurmctld, notices) and the EC2 metadata
# service's peers are reached through the subnet's routes.
resource "aws_vpc_security_group_egress_rule" "nodes_out" {
  security_group_id = aws_security_group.nodes.id
  description       = "packages, agent archive, Vault, slurmctld, the notice endpoint"
  ip_protocol       = "-1"
  cidr_ipv4         = "0.0.0.0/0"
}

resource "aws_vpc_security_group_ingress_rule" "slurmctld_from_nodes" {
  security_group_id            = aws_security_group.controller.id
  description                  = "slurmd and the node agent to slurmctld"
  ip_protocol                  = "tcp"
  from_port                    = var.slurmctld_port
  to_port                      = var.slurmctld_port
  referenced_security_group_id = aws_security_group.nodes.id
}

resource "aws_vpc_security_group_ingress_rule" "notices_from_nodes" {
  security_group_id            = aws_security_group.controller.id
  description                  = "spot watcher and node agent to the Stratus notice endpoint"
  ip_protocol                  = "tcp"
  from_port                    = var.notice_port
  to_port                      = var.notice_port
  referenced_security_group_id = aws_security_group.nodes.id
}

resource "aws_vpc_security_group_egress_rule" "controller_to_slurmd" {
  security_group_id            = aws_security_group.controller.id
  description                  = "slurmctld to slurmd"
  ip_protocol                  = "tcp"
  from_port                    = var.slurmd_port
  to_port                      = var.slurmd_port
  referenced_security_group_id = aws_security_group.nodes.id
}
