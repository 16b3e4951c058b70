package dev.stratus.tests.contract;

import dev.stratus.tests.cloud.aws.AwsHarness;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The AWS provider, on the real EC2 SDK, keeps the contract against the stateful EC2 model. */
class AwsNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract {
  @TempDir Path stateDir;

  @Override
  protected ContractHarness createHarness() {
    return new AwsHarness(stateDir);
  }
}
