package dev.stratus.testkit.contract;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeProvider;
import java.util.List;

/**
 * What {@link NodeProviderContract} needs from one provider under test: the provider, an offering
 * it can launch, fresh node names, and two ways to make launches fail with a capacity error. One
 * harness per test; {@link #close} must leave nothing running.
 *
 * <p>A provider that cannot do something the suite asks must say so in its harness's Javadoc, and
 * the suite is split so that no test exists that it cannot make meaningful: throttling, for
 * instance, lives in {@link ThrottlingContract} with its own {@link Throttling} hook, which the
 * local provider does not implement (nothing throttles it).
 */
public interface ContractHarness extends AutoCloseable {
  NodeProvider provider();

  /** An offering of this provider that has capacity until {@link #exhaust} is called. */
  Offering offering();

  /** A cluster name used by no other harness, so tests never see each other's instances. */
  String cluster();

  /** A second cluster, for "list shows this cluster's instances and nothing else". */
  default String otherCluster() {
    return cluster() + "-b";
  }

  /** {@code count} node names no earlier call returned, valid for this provider's nodes. */
  List<String> nodeNames(int count);

  /** From now on every launch in this offering fails with an insufficient-capacity error. */
  void exhaust(OfferingKey offering);

  /** From now on launching this node fails with an insufficient-capacity error. */
  void failLaunchOf(String nodeName);

  /** Terminates whatever the test left in both clusters and releases the provider. */
  @Override
  void close() throws Exception;
}
