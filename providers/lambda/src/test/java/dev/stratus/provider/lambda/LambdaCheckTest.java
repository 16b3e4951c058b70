package dev.stratus.provider.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.ProviderCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stratus providers check} for Lambda: read-only calls, one line each. */
class LambdaCheckTest {
  @TempDir Path dir;
  LambdaHarness h;

  @AfterEach
  void close() {
    h.close();
  }

  List<ProviderCheck.Result> check(Map<String, Object> extra) {
    h = new LambdaHarness(dir, extra, Clock.systemUTC());
    return ((ProviderCheck) h.provider()).check();
  }

  @Test
  void aGoodSetupPassesEveryLineReportsCapacityAndOnlyReads() {
    var results = check(Map.of());

    assertThat(results)
        .allSatisfy(r -> assertThat(r.ok()).as(r.what() + ": " + r.detail()).isTrue());
    assertThat(results)
        .extracting(ProviderCheck.Result::detail)
        .contains("offered, capacity in us-east-1 now", "exists");
    assertThat(h.server().calls()).allMatch(c -> c.startsWith("GET "));
  }

  @Test
  void noCapacityNowIsReportedButAnUnknownTypeOrSshKeyFails() {
    h =
        new LambdaHarness(
            dir,
            Map.of(
                "sshKeyName",
                "nobody",
                "offerings",
                List.of(
                    Map.of("instanceType", "gpu_8x_h100_sxm5", "region", "us-east-1"),
                    Map.of(
                        "instanceType",
                        "gpu_8x_b300_sxm6",
                        "region",
                        "us-east-1",
                        "pricePerHour",
                        60,
                        "gpuModel",
                        "b300",
                        "gpusPerNode",
                        8,
                        "cpus",
                        208,
                        "memoryMiB",
                        2900000))),
            Clock.systemUTC());
    h.model().exhaust("gpu_8x_h100_sxm5", "us-east-1");

    var results = ((ProviderCheck) h.provider()).check();

    assertThat(results.get(1).ok()).isTrue();
    assertThat(results.get(1).detail()).isEqualTo("offered; no capacity in us-east-1 right now");
    assertThat(results.get(2).ok()).isFalse();
    assertThat(results.get(2).detail()).contains("Lambda offers no instance type gpu_8x_b300_sxm6");
    assertThat(results.get(3).ok()).isFalse();
    assertThat(results.get(3).detail()).isEqualTo("no SSH key named nobody in this account");
  }

  @Test
  void aRevokedKeyFailsEveryLineWithoutQuotingIt() throws Exception {
    Path bad = dir.resolve("revoked");
    Files.writeString(bad, "secret_revoked_key\n");

    var results = check(Map.of("apiKeyFile", bad.toString()));

    assertThat(results).allSatisfy(r -> assertThat(r.ok()).isFalse());
    assertThat(results.get(0).detail())
        .startsWith("global/invalid-api-key: ")
        .contains("the API key is not valid")
        .doesNotContain("secret_revoked_key");
  }
}
