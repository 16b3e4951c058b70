package dev.stratus.provider.aws;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.pricing.PricingClient;

/**
 * Builds the EC2 and Price List clients alike: the SDK's own retries are off (ProviderCalls owns
 * retries, so each is counted once), every call has a timeout, and credentials are explicit only
 * when the settings give them, else the SDK's default chain (environment, profile, instance role).
 */
final class Ec2Clients {
  private Ec2Clients() {}

  static Ec2Client create(AwsSettings settings) {
    var builder = configure(Ec2Client.builder(), settings).region(Region.of(settings.region()));
    settings.endpoint().ifPresent(builder::endpointOverride);
    return builder.build();
  }

  /** The Price List Query API client, in {@code pricesRegion} (its only endpoints are there). */
  static PricingClient pricing(AwsSettings settings) {
    var builder =
        configure(PricingClient.builder(), settings).region(Region.of(settings.pricesRegion()));
    settings.pricesEndpoint().ifPresent(builder::endpointOverride);
    return builder.build();
  }

  private static <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B configure(
      B builder, AwsSettings settings) {
    builder
        .credentialsProvider(credentials(settings))
        .httpClientBuilder(
            UrlConnectionHttpClient.builder()
                .connectionTimeout(settings.callTimeout())
                .socketTimeout(settings.callTimeout()));
    return builder.overrideConfiguration(
        c ->
            c.retryStrategy(AwsRetryStrategy.doNotRetry())
                .apiCallTimeout(settings.callTimeout())
                .apiCallAttemptTimeout(settings.callTimeout()));
  }

  private static AwsCredentialsProvider credentials(AwsSettings settings) {
    if (settings.credentials().isEmpty()) {
      return DefaultCredentialsProvider.builder().build();
    }
    AwsSettings.Credentials c = settings.credentials().get();
    return StaticCredentialsProvider.create(
        c.sessionToken().isPresent()
            ? AwsSessionCredentials.create(
                c.accessKeyId(), c.secretAccessKey(), c.sessionToken().get())
            : AwsBasicCredentials.create(c.accessKeyId(), c.secretAccessKey()));
  }
}
