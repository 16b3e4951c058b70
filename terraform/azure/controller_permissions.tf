# The controller's permissions, and nothing else in this file: TerraformModulesTest reads every
# Microsoft.* action here and checks the set against providers/azure/README.md.

# At the nodes' resource group: VMs (with their inline NICs and OS disks), proximity placement
# groups, operation polling and the size check of `stratus providers check`.
resource "azurerm_role_definition" "controller" {
  name        = "Stratus controller (${var.cluster})"
  scope       = azurerm_resource_group.nodes.id
  description = "What the Stratus azure provider calls: providers/azure/README.md"

  permissions {
    actions = [
      "Microsoft.Resources/subscriptions/resourceGroups/read",
      "Microsoft.Compute/virtualMachines/read",
      "Microsoft.Compute/virtualMachines/write",
      "Microsoft.Compute/virtualMachines/delete",
      "Microsoft.Compute/virtualMachines/instanceView/read",
      "Microsoft.Compute/locations/operations/read",
      "Microsoft.Compute/locations/vmSizes/read",
      "Microsoft.Compute/disks/read",
      "Microsoft.Compute/disks/write",
      "Microsoft.Compute/disks/delete",
      "Microsoft.Compute/proximityPlacementGroups/read",
      "Microsoft.Compute/proximityPlacementGroups/write",
      "Microsoft.Compute/proximityPlacementGroups/delete",
      "Microsoft.Network/networkInterfaces/read",
      "Microsoft.Network/networkInterfaces/write",
      "Microsoft.Network/networkInterfaces/delete",
      "Microsoft.Network/networkInterfaces/join/action",
    ]
  }

  assignable_scopes = [azurerm_resource_group.nodes.id]
}

resource "azurerm_role_assignment" "controller" {
  scope              = azurerm_resource_group.nodes.id
  role_definition_id = azurerm_role_definition.controller.role_definition_resource_id
  principal_id       = azurerm_user_assigned_identity.controller.principal_id
  principal_type     = "ServicePrincipal"
}

# At the nodes' subnet only: the inline NICs join it. A custom role cannot be assignable at a
# subnet, so it is defined at the virtual network's resource group and assigned at the subnet.
resource "azurerm_role_definition" "subnet_join" {
  name        = "Stratus controller subnet join (${var.cluster})"
  scope       = local.subnet.group_id
  description = "Stratus NICs join the nodes' subnet: providers/azure/README.md"

  permissions {
    actions = [
      "Microsoft.Network/virtualNetworks/subnets/read",
      "Microsoft.Network/virtualNetworks/subnets/join/action",
    ]
  }

  assignable_scopes = [local.subnet.group_id]
}

resource "azurerm_role_assignment" "subnet_join" {
  scope              = var.subnet_id
  role_definition_id = azurerm_role_definition.subnet_join.role_definition_resource_id
  principal_id       = azurerm_user_assigned_identity.controller.principal_id
  principal_type     = "ServicePrincipal"
}

# Only when the nodes boot from a gallery image version: read it, at the gallery.
resource "azurerm_role_definition" "gallery_read" {
  count       = var.gallery_id == null ? 0 : 1
  name        = "Stratus controller gallery read (${var.cluster})"
  scope       = regex("(?i)^(/subscriptions/[^/]+/resourceGroups/[^/]+)/", var.gallery_id)[0]
  description = "Stratus boots nodes from a gallery image version: providers/azure/README.md"

  permissions {
    actions = ["Microsoft.Compute/galleries/images/versions/read"]
  }

  assignable_scopes = [regex("(?i)^(/subscriptions/[^/]+/resourceGroups/[^/]+)/", var.gallery_id)[0]]
}

resource "azurerm_role_assignment" "gallery_read" {
  count              = var.gallery_id == null ? 0 : 1
  scope              = var.gallery_id
  role_definition_id = azurerm_role_definition.gallery_read[0].role_definition_resource_id
  principal_id       = azurerm_user_assigned_identity.controller.principal_id
  principal_type     = "ServicePrincipal"
}
