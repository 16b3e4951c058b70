# slurmctld -> slurmd on the nodes; all traffic among the nodes (srun and slurmstepd on ephemeral
# ports, NCCL/MPI); nothing else from the virtual network, whose default rule (AllowVnetInBound)
# would otherwise open the nodes to every peered and on-premises network. munge opens no port:
# each node runs its own munged on a local socket. Outbound stays Azure's default (packages, the
# agent archive, Vault, slurmctld and the notice endpoint).
resource "azurerm_network_security_group" "nodes" {
  name                = "stratus-${var.cluster}-nodes"
  resource_group_name = azurerm_resource_group.nodes.name
  location            = var.location
  tags                = var.tags
}

resource "azurerm_network_security_rule" "slurmd_from_controller" {
  name                         = "slurmd-from-controller"
  resource_group_name          = azurerm_resource_group.nodes.name
  network_security_group_name  = azurerm_network_security_group.nodes.name
  priority                     = 100
  direction                    = "Inbound"
  access                       = "Allow"
  protocol                     = "Tcp"
  source_port_range            = "*"
  destination_port_range       = tostring(var.slurmd_port)
  source_address_prefixes      = var.controller_address_prefixes
  destination_address_prefixes = data.azurerm_subnet.nodes.address_prefixes
}

resource "azurerm_network_security_rule" "among_nodes" {
  name                         = "all-among-nodes"
  resource_group_name          = azurerm_resource_group.nodes.name
  network_security_group_name  = azurerm_network_security_group.nodes.name
  priority                     = 110
  direction                    = "Inbound"
  access                       = "Allow"
  protocol                     = "*"
  source_port_range            = "*"
  destination_port_range       = "*"
  source_address_prefixes      = data.azurerm_subnet.nodes.address_prefixes
  destination_address_prefixes = data.azurerm_subnet.nodes.address_prefixes
}

resource "azurerm_network_security_rule" "deny_rest_of_vnet" {
  name                        = "deny-rest-of-vnet"
  resource_group_name         = azurerm_resource_group.nodes.name
  network_security_group_name = azurerm_network_security_group.nodes.name
  priority                    = 4000
  direction                   = "Inbound"
  access                      = "Deny"
  protocol                    = "*"
  source_port_range           = "*"
  destination_port_range      = "*"
  source_address_prefix       = "VirtualNetwork"
  destination_address_prefix  = "*"
}

resource "azurerm_subnet_network_security_group_association" "nodes" {
  subnet_id                 = var.subnet_id
  network_security_group_id = azurerm_network_security_group.nodes.id
}

# The controller's side, in its own security group when it has one: slurmctld and the notice
# endpoint from the nodes. The notice port also serves GET /metrics, so it is not closed to
# everyone else here; restrict it in that group if only the nodes and your monitoring may reach it.
resource "azurerm_network_security_rule" "controller_from_nodes" {
  count                       = var.controller_nsg == null ? 0 : 1
  name                        = "stratus-${var.cluster}-from-nodes"
  resource_group_name         = var.controller_nsg.resource_group_name
  network_security_group_name = var.controller_nsg.name
  priority                    = var.controller_nsg.priority
  direction                   = "Inbound"
  access                      = "Allow"
  protocol                    = "Tcp"
  source_port_range           = "*"
  destination_port_ranges     = [tostring(var.slurmctld_port), tostring(var.notice_port)]
  source_address_prefixes     = data.azurerm_subnet.nodes.address_prefixes
  destination_address_prefix  = "*"
}
