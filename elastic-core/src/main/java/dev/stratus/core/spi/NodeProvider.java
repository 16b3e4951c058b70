package dev.stratus.core.spi;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Offering;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A source of nodes: a cloud, or the local namespace provider. Narrow on purpose; optional
 * capabilities are separate interfaces ({@link PlacementAware}).
 *
 * <p>Contract for every implementation (checked by the {@code NodeProviderContract} suite):
 *
 * <ul>
 *   <li>{@link #launch} is idempotent on {@link LaunchRequest#clientToken()} and reports capacity,
 *       quota and other errors as {@link LaunchResult.Failure} data, never by throwing. With {@code
 *       allOrNothing} it leaves either every requested instance or none.
 *   <li>{@link #list} returns exactly the live instances tagged with the cluster, and nothing else:
 *       it is the source of truth, so it must not hide an instance that still costs money.
 *   <li>{@link #terminate} of an unknown or already-terminated id is success.
 *   <li>Throttled and transient errors are retried inside the provider before they surface.
 * </ul>
 */
public interface NodeProvider extends AutoCloseable {
  /** The name used in config and in {@link dev.stratus.core.model.OfferingKey#provider()}. */
  String name();

  /** What this provider can launch, with prices. */
  List<Offering> offerings();

  LaunchResult launch(LaunchRequest request);

  /** Live (not terminated) instances carrying {@code stratus:cluster=<cluster>}. */
  List<Instance> list(String cluster);

  Optional<Instance> get(String instanceId);

  /** Starts termination; returns once the provider has accepted it. */
  void terminate(Collection<String> instanceIds);

  /**
   * Called once by the controller before its first pass, for what must exist before Slurm or the
   * nodes use the provider (the local provider's bridge, say). Read-only users such as {@code
   * stratus status} never call it, so they change nothing.
   */
  default void start() {}

  /**
   * Whether this provider hands each node its {@link NodeCredential} (in the node's own user-data).
   * Only then does the controller ask Vault for them: a provider that cannot deliver one per node
   * gets none, so no unused credential exists even for minutes.
   */
  default boolean usesNodeCredentials() {
    return false;
  }

  @Override
  default void close() {}
}
