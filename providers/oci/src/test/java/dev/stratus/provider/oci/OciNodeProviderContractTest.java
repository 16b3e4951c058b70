package dev.stratus.provider.oci;

import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.ReservationContract;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.ThrottlingContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OCI provider, on the real OCI Java SDK with signed requests, keeps the contract against the
 * stateful OCI Compute model (eventually consistent list included).
 */
class OciNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, ReservationContract {
  @TempDir Path dir;

  @Override
  protected ContractHarness createHarness() {
    return new OciHarness(dir);
  }
}
