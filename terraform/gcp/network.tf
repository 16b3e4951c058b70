# Firewall rules by service account, so they follow the VMs wherever they run in the network.
# slurmctld -> slurmd; nodes -> slurmctld and the notice endpoint; all traffic among the nodes
# (srun and slurmstepd on ephemeral ports, NCCL/MPI). munge opens no port: each node runs its own
# munged on a local socket. Egress is the network's (GCP allows all egress by default).

resource "google_compute_firewall" "slurmd_from_controller" {
  project                 = var.project
  name                    = "stratus-${var.cluster}-slurmd"
  network                 = var.network
  description             = "slurmctld to slurmd on the Stratus nodes of ${var.cluster}"
  direction               = "INGRESS"
  source_service_accounts = [google_service_account.controller.email]
  target_service_accounts = [google_service_account.nodes.email]

  allow {
    protocol = "tcp"
    ports    = [tostring(var.slurmd_port)]
  }
}

resource "google_compute_firewall" "among_nodes" {
  project                 = var.project
  name                    = "stratus-${var.cluster}-nodes"
  network                 = var.network
  description             = "all traffic among the Stratus nodes of ${var.cluster} (srun, NCCL/MPI)"
  direction               = "INGRESS"
  source_service_accounts = [google_service_account.nodes.email]
  target_service_accounts = [google_service_account.nodes.email]

  allow {
    protocol = "all"
  }
}

resource "google_compute_firewall" "controller_from_nodes" {
  project                 = var.project
  name                    = "stratus-${var.cluster}-controller"
  network                 = var.network
  description             = "Stratus nodes of ${var.cluster} to slurmctld and the notice endpoint"
  direction               = "INGRESS"
  source_service_accounts = [google_service_account.nodes.email]
  target_service_accounts = [google_service_account.controller.email]

  allow {
    protocol = "tcp"
    ports    = [tostring(var.slurmctld_port), tostring(var.notice_port)]
  }
}

resource "google_compute_firewall" "slurmd_from_controller_ranges" {
  count                   = length(var.controller_source_ranges) > 0 ? 1 : 0
  project                 = var.project
  name                    = "stratus-${var.cluster}-slurmd-ranges"
  network                 = var.network
  description             = "slurmctld outside GCP to slurmd on the Stratus nodes of ${var.cluster}"
  direction               = "INGRESS"
  source_ranges           = var.controller_source_ranges
  target_service_accounts = [google_service_account.nodes.email]

  allow {
    protocol = "tcp"
    ports    = [tostring(var.slurmd_port)]
  }
}
