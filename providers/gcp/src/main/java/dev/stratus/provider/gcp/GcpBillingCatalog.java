package dev.stratus.provider.gcp;

import com.google.api.gax.core.NoCredentialsProvider;
import com.google.api.gax.rpc.StatusCode;
import com.google.cloud.billing.v1.CloudCatalogClient;
import com.google.cloud.billing.v1.ListSkusRequest;
import com.google.cloud.billing.v1.ListSkusResponse;
import com.google.cloud.billing.v1.Sku;
import com.google.cloud.billing.v1.stub.CloudCatalogStubSettings;
import com.google.cloud.billing.v1.stub.HttpJsonCloudCatalogStub;
import dev.stratus.api.resilience.ProviderCalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Compute Engine SKUs of the Cloud Billing Catalog ({@code services.skus.list} of {@code
 * services/6F81-5844-456A}, USD), every page through {@code nextPageToken}, each page one call
 * through {@link ProviderCalls}. The client is {@code google-cloud-billing}'s on its REST
 * transport, its stub built directly (the settings' own factory would touch the gRPC classes, which
 * are not on the class path), the SDK's retries off. The catalog is public: an API key ({@code
 * pricesApiKeyFile}, sent as {@code x-goog-api-key}) or any credential of the provider will do.
 */
final class GcpBillingCatalog implements AutoCloseable {
  static final String COMPUTE_ENGINE = "services/6F81-5844-456A";
  static final int PAGE_SIZE = 5000;
  private static final int MAX_PAGES = 100;
  private final CloudCatalogClient client;
  private final ProviderCalls calls;

  private GcpBillingCatalog(CloudCatalogClient client, ProviderCalls calls) {
    this.client = client;
    this.calls = calls;
  }

  static GcpBillingCatalog create(GcpSettings settings, ProviderCalls calls) {
    try {
      CloudCatalogStubSettings.Builder b = CloudCatalogStubSettings.newHttpJsonBuilder();
      if (settings.pricesApiKeyFile().isPresent()) {
        b.setCredentialsProvider(NoCredentialsProvider.create());
        b.setApiKey(apiKey(settings.pricesApiKeyFile().get()));
      } else {
        b.setCredentialsProvider(GcpClients.credentials(settings));
      }
      settings.pricesEndpoint().ifPresent(e -> b.setEndpoint(e.toString()));
      b.listSkusSettings().setRetryableCodes(Set.<StatusCode.Code>of());
      b.listSkusSettings()
          .setRetrySettings(
              b.listSkusSettings().getRetrySettings().toBuilder().setMaxAttempts(1).build());
      return new GcpBillingCatalog(
          CloudCatalogClient.create(HttpJsonCloudCatalogStub.create(b.build())), calls);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the Cloud Billing Catalog client", e);
    }
  }

  /** Every Compute Engine SKU with its USD prices. */
  List<Sku> computeSkus() {
    List<Sku> skus = new ArrayList<>();
    String token = "";
    for (int n = 0; n == 0 || !token.isEmpty(); n++) {
      if (n == MAX_PAGES) {
        throw new IllegalStateException("more than " + MAX_PAGES + " pages of Compute Engine SKUs");
      }
      ListSkusRequest request =
          ListSkusRequest.newBuilder()
              .setParent(COMPUTE_ENGINE)
              .setCurrencyCode("USD")
              .setPageSize(PAGE_SIZE)
              .setPageToken(token)
              .build();
      ListSkusResponse page =
          calls.call(
              "global",
              "services.skus.list",
              () -> client.getStub().listSkusCallable().call(request),
              GcpErrors::translate);
      skus.addAll(page.getSkusList());
      token = page.getNextPageToken();
    }
    return skus;
  }

  /** The key's first line; the key never appears in a message. */
  private static String apiKey(Path file) {
    try {
      String key = Files.readString(file, StandardCharsets.UTF_8).strip();
      if (key.isEmpty() || key.contains("\n")) {
        throw new IllegalArgumentException(
            GcpSettings.WHERE + ".pricesApiKeyFile: " + file + " must hold one API key");
      }
      return key;
    } catch (IOException e) {
      throw new IllegalArgumentException(
          GcpSettings.WHERE + ".pricesApiKeyFile: cannot read " + file + " (" + e + ")", e);
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
