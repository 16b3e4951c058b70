package dev.stratus.api.spi;

/**
 * Optional capability of a provider that can hand each node its own {@link NodeCredential}: in that
 * node's user-data alone (Azure creates VMs one by one) or in a file only that node reads (the
 * local provider). A provider whose API sends one user-data to a whole batch (EC2 CreateFleet, GCE
 * bulkInsert) cannot, and does not implement it: the controller then issues no credential for its
 * launches, so no unused single-use credential exists even for minutes.
 *
 * <p>Contract: {@link #needsNodeCredentials} is answered from the provider's settings alone (cheap,
 * no I/O, the same answer for the provider's whole life) and is safe to call from any thread. When
 * it is true, every {@link LaunchRequest} the controller sends carries one credential per node
 * ({@link LaunchRequest#credential}); the provider puts each into its own node's user-data and
 * nowhere else (never a log, a tag, an argv or another node's user-data).
 */
public interface CarriesNodeCredentials {
  /**
   * Whether the nodes it launches, as configured, expect their credential: its user-data has {@link
   * NodeUserData#WRAPPING_TOKEN_SLOT}, or its nodes read the munge key from Vault.
   */
  boolean needsNodeCredentials();
}
