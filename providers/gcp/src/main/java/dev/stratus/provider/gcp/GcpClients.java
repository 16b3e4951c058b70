package dev.stratus.provider.gcp;

import com.google.api.gax.core.CredentialsProvider;
import com.google.api.gax.core.FixedCredentialsProvider;
import com.google.api.gax.core.NoCredentialsProvider;
import com.google.api.gax.longrunning.OperationTimedPollAlgorithm;
import com.google.api.gax.retrying.RetrySettings;
import com.google.api.gax.rpc.OperationCallSettings;
import com.google.api.gax.rpc.StatusCode;
import com.google.api.gax.rpc.UnaryCallSettings;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.cloud.compute.v1.FutureReservationsClient;
import com.google.cloud.compute.v1.FutureReservationsSettings;
import com.google.cloud.compute.v1.InstancesClient;
import com.google.cloud.compute.v1.InstancesSettings;
import com.google.cloud.compute.v1.MachineTypesClient;
import com.google.cloud.compute.v1.MachineTypesSettings;
import com.google.cloud.compute.v1.ReservationsClient;
import com.google.cloud.compute.v1.ReservationsSettings;
import com.google.cloud.compute.v1.ResourcePoliciesClient;
import com.google.cloud.compute.v1.ResourcePoliciesSettings;
import com.google.cloud.compute.v1.ZonesClient;
import com.google.cloud.compute.v1.ZonesSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The Compute Engine REST clients one provider uses, built from its settings: the endpoint override
 * (an emulator or WireMock; unset in production), the credentials (a service-account key file, none
 * for an emulator, else Application Default Credentials), the SDK's own retries off (our {@code
 * ProviderCalls} owns retries) and the operation polling interval and timeout.
 */
final class GcpClients implements AutoCloseable {
  private static final String SCOPE = "https://www.googleapis.com/auth/cloud-platform";
  final InstancesClient instances;
  final ResourcePoliciesClient policies;
  final ZonesClient zones;
  final MachineTypesClient machineTypes;
  final ReservationsClient reservations;
  final FutureReservationsClient futureReservations;

  GcpClients(GcpSettings settings) {
    CredentialsProvider credentials = credentials(settings);
    RetrySettings poll = pollSettings(settings);
    try {
      InstancesSettings.Builder ib = InstancesSettings.newBuilder();
      ib.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> ib.setEndpoint(e.toString()));
      poll(ib.insertOperationSettings(), poll);
      poll(ib.bulkInsertOperationSettings(), poll);
      poll(ib.deleteOperationSettings(), poll);
      instances = InstancesClient.create(ib.build());

      ResourcePoliciesSettings.Builder pb = ResourcePoliciesSettings.newBuilder();
      pb.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> pb.setEndpoint(e.toString()));
      poll(pb.insertOperationSettings(), poll);
      poll(pb.deleteOperationSettings(), poll);
      policies = ResourcePoliciesClient.create(pb.build());

      ZonesSettings.Builder zb = ZonesSettings.newBuilder();
      zb.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> zb.setEndpoint(e.toString()));
      zones = ZonesClient.create(zb.build());

      MachineTypesSettings.Builder mb = MachineTypesSettings.newBuilder();
      mb.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> mb.setEndpoint(e.toString()));
      machineTypes = MachineTypesClient.create(mb.build());

      ReservationsSettings.Builder rb = ReservationsSettings.newBuilder();
      rb.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> rb.setEndpoint(e.toString()));
      reservations = ReservationsClient.create(rb.build());

      FutureReservationsSettings.Builder fb = FutureReservationsSettings.newBuilder();
      fb.setCredentialsProvider(credentials).applyToAllUnaryMethods(GcpClients::noRetry);
      settings.endpoint().ifPresent(e -> fb.setEndpoint(e.toString()));
      futureReservations = FutureReservationsClient.create(fb.build());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the Compute Engine clients", e);
    }
  }

  private static Void noRetry(UnaryCallSettings.Builder<?, ?> b) {
    b.setRetryableCodes(Set.<StatusCode.Code>of());
    b.setRetrySettings(b.getRetrySettings().toBuilder().setMaxAttempts(1).build());
    return null;
  }

  private static RetrySettings pollSettings(GcpSettings s) {
    Duration first = s.operationPoll();
    return RetrySettings.newBuilder()
        .setInitialRetryDelayDuration(first)
        .setRetryDelayMultiplier(1.5)
        .setMaxRetryDelayDuration(first.multipliedBy(20))
        .setInitialRpcTimeoutDuration(Duration.ZERO)
        .setRpcTimeoutMultiplier(1.0)
        .setMaxRpcTimeoutDuration(Duration.ZERO)
        .setTotalTimeoutDuration(s.operationTimeout())
        .build();
  }

  private static <Q, R, M> void poll(OperationCallSettings.Builder<Q, R, M> b, RetrySettings r) {
    b.setPollingAlgorithm(OperationTimedPollAlgorithm.create(r));
  }

  static CredentialsProvider credentials(GcpSettings s) {
    if (s.noCredentials()) {
      return NoCredentialsProvider.create();
    }
    if (s.credentialsFile().isPresent()) {
      try (InputStream in = Files.newInputStream(s.credentialsFile().get())) {
        return FixedCredentialsProvider.create(
            GoogleCredentials.fromStream(in).createScoped(List.of(SCOPE)));
      } catch (IOException e) {
        // The path is not secret; the file's content never appears in the message.
        throw new IllegalArgumentException(
            GcpSettings.WHERE
                + ".credentialsFile: cannot read a service-account key from "
                + s.credentialsFile().get()
                + " ("
                + e.getClass().getSimpleName()
                + ")",
            e);
      }
    }
    return InstancesSettings.defaultCredentialsProviderBuilder().build();
  }

  @Override
  public void close() {
    instances.close();
    policies.close();
    zones.close();
    machineTypes.close();
    reservations.close();
    futureReservations.close();
  }
}
