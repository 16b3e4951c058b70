package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthCodec;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.HealthAction;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /v1/health}: a node's own GPU health, signed by that node, about its instance. */
class HealthRouteTest {
  @TempDir Path dir;
  EndpointFixture f;

  @BeforeEach
  void start() throws Exception {
    f = new EndpointFixture(dir);
  }

  @AfterEach
  void stop() throws Exception {
    f.close();
  }

  static String report(String node, String instance) {
    return GpuHealthCodec.write(
        new GpuHealthReport(
            node,
            instance,
            EndpointFixture.NOW,
            7,
            GpuHealthReport.Read.OK,
            List.of(new GpuFinding("0", "xid", 79, HealthAction.REQUEUE_NOW, true, "")),
            List.of()));
  }

  @Test
  void aNodesOwnReportIsTaken() throws Exception {
    HttpResponse<String> r =
        f.signed(f.signer("gpu-001"), "POST", "/v1/health", report("gpu-001", "i-1"));

    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(r.body()).contains("taken");
    assertThat(f.health)
        .singleElement()
        .satisfies(h -> assertThat(h.worst()).isEqualTo(HealthAction.REQUEUE_NOW));
  }

  @Test
  void aNodeCannotReportForAnotherNodeOrInstance() throws Exception {
    assertThat(
            f.signed(f.signer("gpu-001"), "POST", "/v1/health", report("gpu-002", "i-2"))
                .statusCode())
        .isEqualTo(401);
    assertThat(
            f.signed(f.signer("gpu-001"), "POST", "/v1/health", report("gpu-001", "i-2"))
                .statusCode())
        .isEqualTo(401);
    assertThat(f.send("POST", "/v1/health", report("gpu-001", "i-1"), Map.of()).statusCode())
        .as("unsigned")
        .isEqualTo(401);
    assertThat(f.health).isEmpty();
  }

  @Test
  void aBadReportIsRefusedNamingTheField() throws Exception {
    HttpResponse<String> r =
        f.signed(
            f.signer("gpu-001"),
            "POST",
            "/v1/health",
            report("gpu-001", "i-1").replace("\"sequence\":7", "\"sequence\":-1"));
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("sequence");
    assertThat(f.health).isEmpty();
  }
}
