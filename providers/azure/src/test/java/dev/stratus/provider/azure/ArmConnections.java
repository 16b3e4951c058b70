package dev.stratus.provider.azure;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.OffsetDateTime;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import reactor.core.publisher.Mono;

/**
 * The Azure SDK's side of a test against the ARM model ({@code ArmServer}, which serves https with
 * WireMock's self-signed certificate): a fake token and an HTTP client that trusts it.
 */
final class ArmConnections {
  private ArmConnections() {}

  static AzureConnection connection() {
    TokenCredential fake =
        ctx -> Mono.just(new AccessToken("fake-token", OffsetDateTime.now().plusHours(1)));
    return new AzureConnection(fake, trustingClient());
  }

  static HttpClient trustingClient() {
    try {
      SSLContext ssl = SSLContext.getInstance("TLS");
      ssl.init(null, new TrustManager[] {new TrustAll()}, new SecureRandom());
      return new JdkHttpClientBuilder(java.net.http.HttpClient.newBuilder().sslContext(ssl))
          .build();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Trusts any certificate for any host: WireMock's self-signed one, in tests only. */
  private static final class TrustAll extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] c, String a, Socket s) {}

    @Override
    public void checkServerTrusted(X509Certificate[] c, String a, Socket s) {}

    @Override
    public void checkClientTrusted(X509Certificate[] c, String a, SSLEngine e) {}

    @Override
    public void checkServerTrusted(X509Certificate[] c, String a, SSLEngine e) {}

    @Override
    public void checkClientTrusted(X509Certificate[] c, String a) {}

    @Override
    public void checkServerTrusted(X509Certificate[] c, String a) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
