package dev.stratus.tests.contract;

import dev.stratus.tests.cloud.oci.OciHarness;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OCI provider, on the real OCI Java SDK with signed requests, keeps the contract against the
 * stateful OCI Compute model (eventually consistent list included).
 */
class OciNodeProviderContractTest extends ThrottlingContract implements SweepContract {
  @TempDir Path dir;

  @Override
  protected ContractHarness createHarness() {
    return new OciHarness(dir);
  }
}
