# Compact placement policies are not made here: the controller creates one per multi-node launch
# (compactPlacement: true) and deletes it afterwards. Nor is an instance template: the gcp
# provider builds each instance from providers.gcp (image, network, service account, user-data).
output "stratus" {
  description = "What stratus.yaml's providers.gcp needs: pass it as stratus-config's gcp input."
  value = {
    project              = var.project
    region               = var.region
    network              = "projects/${var.project}/global/networks/${var.network}"
    subnetwork           = var.subnetwork == null ? null : "projects/${var.project}/regions/${var.region}/subnetworks/${var.subnetwork}"
    image                = var.node_image
    node_service_account = google_service_account.nodes.email
    compact_placement    = true
    boot_disk_gb         = var.boot_disk_gb
  }
}

output "node_service_account" {
  description = "The nodes' service account: bind the vault module's gcp role to it (gcp_node_service_account)."
  value       = google_service_account.nodes.email
}

output "controller_service_account" {
  description = "Service account to run the controller VM as (scope cloud-platform)."
  value       = google_service_account.controller.email
}
