package dev.stratus.provider.aws;

import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.ReservationContract;
import dev.stratus.testkit.contract.StopContract;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.ThrottlingContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The AWS provider, on the real EC2 SDK, keeps the contract against the stateful EC2 model. */
class AwsNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract, ReservationContract {
  @TempDir Path stateDir;

  @Override
  protected ContractHarness createHarness() {
    return new AwsHarness(stateDir);
  }
}
