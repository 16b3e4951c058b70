# Proximity placement groups are not made here: the controller creates one per multi-node job
# and deletes it once empty. Nor is a VM template: the azure provider builds each VM from
# providers.azure (image, subnet, admin key, customData).
output "stratus" {
  description = "What stratus.yaml's providers.azure needs: pass it as stratus-config's azure input."
  value = {
    subscription_id = data.azurerm_client_config.current.subscription_id
    resource_group  = azurerm_resource_group.nodes.name
    location        = var.location
    subnet_id       = var.subnet_id
    image           = var.node_image
    ssh_public_key  = var.ssh_public_key
    admin_username  = var.admin_username
  }
}

output "node_resource_group" {
  description = "The nodes' resource group (the vault module's azure role may be bound to it)."
  value       = azurerm_resource_group.nodes.name
}

output "controller_identity_id" {
  description = "ARM id of the controller's user-assigned identity: attach it to the controller VM."
  value       = azurerm_user_assigned_identity.controller.id
}

output "controller_client_id" {
  description = "Client id of that identity (AZURE_CLIENT_ID when the VM has more than one identity)."
  value       = azurerm_user_assigned_identity.controller.client_id
}
