package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code controller:} block and the endpoint's default address. */
class ControllerConfigTest {
  static final String POOLS =
      """
      cluster: mini
      stateDir: /var/lib/st
      pools:
        - name: gpu
          gpu: {model: h100, count: 8}
          cpus: 8
          memoryMiB: 64000
          maxNodes: 2
          offerings:
            - {provider: local, region: local, instanceType: t, pricePerHour: 1}
      providers: {local: }
      """;

  @TempDir Path dir;

  StratusConfig load(String extra) throws IOException {
    Path f = dir.resolve("stratus.yaml");
    Files.writeString(f, POOLS + extra);
    return ConfigLoader.load(f, DeclaredKeysProviders.ALL);
  }

  @Test
  void withoutTheBlockTheSecretLivesUnderTheStateDirAndTheEndpointOnLoopback() throws IOException {
    StratusConfig c = load("");

    assertThat(c.controller())
        .isEqualTo(
            new ControllerSettings(
                Path.of("/var/lib/st/keys/controller.secret"), Optional.empty(), Optional.empty()));
    assertThat(c.spot().listen()).isEqualTo("127.0.0.1:8088");
  }

  @Test
  void anEmptyListenTurnsTheEndpointOff() throws IOException {
    assertThat(load("spot: {listen: \"\"}\n").spot().listen()).isEmpty();
  }

  @Test
  void pemAndPkcs12TlsAndTheMetricsTokenAreReadWithPathsResolved() throws IOException {
    StratusConfig pem =
        load(
            """
            controller:
              secretFile: ./keys/c.secret
              tls: {certFile: ./tls/c.crt, keyFile: ./tls/c.key}
              metricsTokenFile: ./keys/metrics.token
            """);
    StratusConfig p12 =
        load("controller: {tls: {keyStoreFile: c.p12, keyStorePasswordFile: c.pass}}\n");

    assertThat(pem.controller().secretFile()).isEqualTo(dir.resolve("keys/c.secret"));
    assertThat(pem.controller().tls())
        .contains(
            new ControllerSettings.Tls.Pem(dir.resolve("tls/c.crt"), dir.resolve("tls/c.key")));
    assertThat(pem.controller().metricsTokenFile()).contains(dir.resolve("keys/metrics.token"));
    assertThat(p12.controller().tls())
        .contains(new ControllerSettings.Tls.Pkcs12(dir.resolve("c.p12"), dir.resolve("c.pass")));
  }

  @Test
  void tlsNeedsOneCompleteFormNamingWhatIsMissing() {
    assertThatThrownBy(() -> load("controller: {tls: {certFile: a.crt}}\n"))
        .hasMessageContaining("controller.tls")
        .hasMessageContaining("keyFile");
    assertThatThrownBy(() -> load("controller: {tls: {certFile: a, keyStoreFile: b}}\n"))
        .hasMessageContaining("give certFile and keyFile (PEM), or keyStoreFile");
    assertThatThrownBy(() -> load("controller: {secret: x}\n")).hasMessageContaining("secret");
  }
}
