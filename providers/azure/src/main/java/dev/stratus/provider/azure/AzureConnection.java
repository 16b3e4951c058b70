package dev.stratus.provider.azure;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.identity.ClientSecretCredentialBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How the provider reaches ARM: the credential and the HTTP client. {@link #production} uses an
 * explicit service principal when the settings name one (the secret read from its file, never
 * logged), else {@code DefaultAzureCredential} (managed identity on the controller's VM). Tests
 * pass a fake credential and a client that trusts the local model's certificate.
 */
public record AzureConnection(TokenCredential credential, HttpClient httpClient) {
  public static AzureConnection production(AzureSettings settings) {
    HttpClient http =
        new JdkHttpClientBuilder()
            .connectionTimeout(Duration.ofSeconds(10))
            .responseTimeout(Duration.ofSeconds(60))
            .build();
    TokenCredential credential =
        settings
            .servicePrincipal()
            .<TokenCredential>map(
                sp ->
                    new ClientSecretCredentialBuilder()
                        .tenantId(sp.tenantId())
                        .clientId(sp.clientId())
                        .clientSecret(secret(sp.clientSecretFile()))
                        .httpClient(http)
                        .build())
            .orElseGet(() -> new DefaultAzureCredentialBuilder().httpClient(http).build());
    return new AzureConnection(credential, http);
  }

  private static String secret(String file) {
    try {
      String s = Files.readString(Path.of(file)).strip();
      if (s.isEmpty()) {
        throw new IllegalArgumentException(
            "providers.azure.clientSecretFile " + file + " is empty");
      }
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "providers.azure.clientSecretFile " + file + " cannot be read", e);
    }
  }
}
