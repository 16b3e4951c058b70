# The controller's permissions, and nothing else in this file: TerraformModulesTest reads every
# permission listed here and checks the set against providers/gcp/README.md.

# Granted on the project: what launch, list, terminate, compact placement, operation polling and
# `stratus providers check` call (README table). compute.images.useReadOnly covers images of this
# project; public images (ubuntu-os-cloud) need no grant.
resource "google_project_iam_custom_role" "controller" {
  project     = var.project
  role_id     = "stratus_${replace(var.cluster, "-", "_")}_controller"
  title       = "Stratus controller (${var.cluster})"
  description = "What the Stratus gcp provider calls: providers/gcp/README.md"
  permissions = [
    "compute.instances.create",
    "compute.instances.setLabels",
    "compute.instances.setMetadata",
    "compute.disks.create",
    "compute.subnetworks.use",
    "compute.instances.setServiceAccount",
    "compute.instances.list",
    "compute.instances.get",
    "compute.instances.delete",
    "compute.resourcePolicies.create",
    "compute.resourcePolicies.delete",
    "compute.resourcePolicies.list",
    "compute.resourcePolicies.use",
    "compute.zoneOperations.get",
    "compute.regionOperations.get",
    "compute.zones.get",
    "compute.machineTypes.get",
    "compute.images.useReadOnly",
    "compute.reservations.list",
    "compute.futureReservations.list",
  ]
}

resource "google_project_iam_member" "controller" {
  project = var.project
  role    = google_project_iam_custom_role.controller.id
  member  = "serviceAccount:${google_service_account.controller.email}"
}

# Launching a VM that runs as the node account needs actAs on that account only, not on every
# account of the project: a one-permission role granted on the node account.
resource "google_project_iam_custom_role" "act_as_nodes" {
  project     = var.project
  role_id     = "stratus_${replace(var.cluster, "-", "_")}_act_as_nodes"
  title       = "Stratus controller: run VMs as the node account (${var.cluster})"
  description = "Launch with serviceAccount: providers/gcp/README.md"
  permissions = ["iam.serviceAccounts.actAs"]
}

resource "google_service_account_iam_member" "controller_acts_as_nodes" {
  service_account_id = google_service_account.nodes.name
  role               = google_project_iam_custom_role.act_as_nodes.id
  member             = "serviceAccount:${google_service_account.controller.email}"
}
