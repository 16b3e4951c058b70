package dev.stratus.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.config.ControllerSettings;
import dev.stratus.wire.ControllerTrust;
import dev.stratus.wire.NoticeJsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endpoint over TLS on loopback with a certificate made here by {@code keytool} for 127.0.0.1:
 * a node that trusts only that certificate (its CA file) gets its signed notice through, from the
 * PEM files and from the PKCS#12 store alike; a client that trusts the JVM's public CAs is refused
 * at the handshake.
 */
class EndpointTlsTest {
  static final String PASSWORD = "changeit-test";
  @TempDir static Path tls;
  static Path p12;
  static Path passwordFile;
  static Path certPem;
  static Path keyPem;

  @BeforeAll
  static void makeCertificate() throws Exception {
    p12 = tls.resolve("endpoint.p12");
    run(
        "keytool",
        "-genkeypair",
        "-alias",
        "endpoint",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=127.0.0.1",
        "-ext",
        "SAN=ip:127.0.0.1",
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        p12.toString(),
        "-storepass",
        PASSWORD);
    certPem = tls.resolve("endpoint.crt");
    run(
        "keytool",
        "-exportcert",
        "-rfc",
        "-alias",
        "endpoint",
        "-keystore",
        p12.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        certPem.toString());
    passwordFile = Files.writeString(tls.resolve("p12.pass"), PASSWORD + "\n");
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(p12)) {
      store.load(in, PASSWORD.toCharArray());
    }
    PrivateKey key = (PrivateKey) store.getKey("endpoint", PASSWORD.toCharArray());
    keyPem =
        Files.writeString(
            tls.resolve("endpoint.key"),
            "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
  }

  static void run(String... argv) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(List.of(argv)).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }

  void aNodeTrustingTheCaFileGetsItsNoticeThrough(ControllerSettings.Tls settings, Path dir)
      throws Exception {
    try (var e =
        new EndpointFixture(
            dir, EndpointLimits.DEFAULTS, Optional.of(settings), Optional.empty())) {
      HttpClient node =
          HttpClient.newBuilder().sslContext(ControllerTrust.trusting(certPem)).build();
      String notice = NoticeJsonCodec.write(EndpointFixture.reclaim("i-1"));
      HttpRequest.Builder b =
          HttpRequest.newBuilder(e.base.resolve("/v1/notices"))
              .timeout(Duration.ofSeconds(30))
              .POST(HttpRequest.BodyPublishers.ofString(notice));
      e.signer("gpu-001")
          .headers("POST", "/v1/notices", notice.getBytes(StandardCharsets.UTF_8))
          .forEach(b::header);

      HttpResponse<String> r = node.send(b.build(), HttpResponse.BodyHandlers.ofString());

      assertThat(e.base.getScheme()).isEqualTo("https");
      assertThat(r.statusCode()).isEqualTo(202);
      assertThat(e.inbox.pending()).hasSize(1);
      HttpClient publicTrust = HttpClient.newHttpClient();
      assertThatThrownBy(
              () ->
                  publicTrust.send(
                      HttpRequest.newBuilder(e.base.resolve("/metrics")).build(),
                      HttpResponse.BodyHandlers.ofString()))
          .isInstanceOf(SSLHandshakeException.class);
    }
  }

  @Test
  void pemCertificateAndKey(@TempDir Path dir) throws Exception {
    aNodeTrustingTheCaFileGetsItsNoticeThrough(
        new ControllerSettings.Tls.Pem(certPem, keyPem), dir);
  }

  @Test
  void pkcs12StoreWithItsPasswordInAFile(@TempDir Path dir) throws Exception {
    aNodeTrustingTheCaFileGetsItsNoticeThrough(
        new ControllerSettings.Tls.Pkcs12(p12, passwordFile), dir);
  }

  @Test
  void aKeyFileThatIsNotPkcs8PemIsRefusedNamingTheFileAndTheFix(@TempDir Path dir)
      throws Exception {
    Path rsa = Files.writeString(dir.resolve("old.key"), "-----BEGIN RSA PRIVATE KEY-----\nAA\n");

    assertThatThrownBy(() -> TlsKeyStores.load(new ControllerSettings.Tls.Pem(certPem, rsa)))
        .hasMessageContaining(rsa.toString())
        .hasMessageContaining("openssl pkcs8 -topk8");
  }
}
