package dev.stratus.tests.vault;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import dev.stratus.api.spi.VaultSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The {@link VaultModel} served on 127.0.0.1 at a free port, or on a given address and port (the
 * local cluster's bridge, which its nodes reach from their namespaces).
 */
public final class VaultServer implements AutoCloseable {
  public final VaultModel model = new VaultModel();
  private final WireMockServer server;
  private final String host;

  public VaultServer() {
    this("127.0.0.1", 0);
  }

  /** {@code port} 0 picks a free one. */
  public VaultServer(String bindAddress, int port) {
    var options = options().bindAddress(bindAddress).extensions(model);
    server = new WireMockServer(port == 0 ? options.dynamicPort() : options.port(port));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse()));
    this.host = bindAddress;
  }

  public String address() {
    return "http://" + host + ":" + server.port();
  }

  /**
   * What the controller does per launch: {@code POST auth/approle/role/<role>/secret-id} with
   * {@code X-Vault-Wrap-TTL}, keeping only {@code wrap_info.token}.
   */
  String wrappedSecretId(String role, int ttlSeconds) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(address() + "/v1/auth/approle/role/" + role + "/secret-id"))
                    .header("X-Vault-Token", VaultModel.ROOT_TOKEN)
                    .header("X-Vault-Wrap-TTL", ttlSeconds + "s")
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("secret-id: HTTP " + r.statusCode() + " " + r.body());
    }
    return new ObjectMapper().readTree(r.body()).path("wrap_info").path("token").asText();
  }

  /**
   * The controller's {@code vault:} settings for this model: AppRole {@code role} with {@code
   * roleId}, the key at {@code secret/slurm/munge} field {@code key}, the controller's token in
   * {@code tokenFile}.
   */
  public static VaultSettings controllerSettings(
      String address, String role, String roleId, Path tokenFile, Duration wrapTtl) {
    return new VaultSettings(
        URI.create(address),
        Optional.empty(),
        Duration.ofSeconds(5),
        "secret",
        "slurm/munge",
        "key",
        "approle",
        role,
        roleId,
        tokenFile,
        wrapTtl);
  }

  @Override
  public void close() {
    server.stop();
  }
}
