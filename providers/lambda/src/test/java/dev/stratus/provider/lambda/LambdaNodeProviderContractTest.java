package dev.stratus.provider.lambda;

import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.ThrottlingContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lambda provider keeps the contract against the stateful Lambda Cloud API model (lagging list,
 * capacity per type and region, throttling). Lambda makes nothing besides instances, so the
 * provider does not sweep and {@link SweepContract} does not apply.
 */
class LambdaNodeProviderContractTest extends ThrottlingContract {
  @TempDir Path dir;

  @Override
  protected ContractHarness createHarness() {
    return new LambdaHarness(dir);
  }
}
