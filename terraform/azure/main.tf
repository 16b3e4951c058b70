locals {
  resource_group_name = coalesce(var.resource_group_name, "stratus-${var.cluster}-nodes")
  # /subscriptions/<s>/resourceGroups/<g>/providers/Microsoft.Network/virtualNetworks/<v>/subnets/<n>
  subnet_parts = regex("(?i)^(/subscriptions/([^/]+)/resourceGroups/([^/]+))/providers/Microsoft\\.Network/virtualNetworks/([^/]+)/subnets/([^/]+)$", var.subnet_id)
  subnet = {
    group_id        = local.subnet_parts[0]
    subscription_id = local.subnet_parts[1]
    group_name      = local.subnet_parts[2]
    vnet            = local.subnet_parts[3]
    name            = local.subnet_parts[4]
  }
}

data "azurerm_client_config" "current" {}

data "azurerm_subnet" "nodes" {
  name                 = local.subnet.name
  virtual_network_name = local.subnet.vnet
  resource_group_name  = local.subnet.group_name
}

# Everything the controller creates lives here, and its role is granted here only.
resource "azurerm_resource_group" "nodes" {
  name     = local.resource_group_name
  location = var.location
  tags     = var.tags
}

# The controller VM's identity (DefaultAzureCredential finds it through IMDS; with more than one
# identity on the VM set AZURE_CLIENT_ID to controller_client_id).
resource "azurerm_user_assigned_identity" "controller" {
  name                = "stratus-${var.cluster}-controller"
  resource_group_name = azurerm_resource_group.nodes.name
  location            = var.location
  tags                = var.tags
}
