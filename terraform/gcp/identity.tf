# The controller VM runs as this account (Application Default Credentials pick it up).
resource "google_service_account" "controller" {
  project      = var.project
  account_id   = "stratus-${var.cluster}-ctl"
  display_name = "Stratus controller of ${var.cluster}"
  description  = "Creates and deletes the GPU nodes of Stratus cluster ${var.cluster}"
}

# The nodes run as this account. It holds no role: Vault's gcp method (gce type) verifies the
# instance identity token Google signs for it, and its role is bound to this e-mail.
resource "google_service_account" "nodes" {
  project      = var.project
  account_id   = "stratus-${var.cluster}-node"
  display_name = "Stratus GPU nodes of ${var.cluster}"
  description  = "Identity of the Stratus GPU nodes of ${var.cluster} for Vault's gcp auth method"
}
