package dev.stratus.provider.aws;

import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.LinkedHashSet;
import java.util.List;
import software.amazon.awssdk.services.ec2.model.CreateFleetError;
import software.amazon.awssdk.services.ec2.model.CreateFleetInstance;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.CreateFleetResponse;
import software.amazon.awssdk.services.ec2.model.Instance;
import software.amazon.awssdk.services.ec2.model.RunInstancesRequest;
import software.amazon.awssdk.services.ec2.model.RunInstancesResponse;

/**
 * The one EC2 call that launches a request's instances under a client token: an instant {@code
 * CreateFleet} for on-demand and spot, {@code RunInstances} for a launch into a reservation (the
 * only call that takes a reservation's id with the launch). Both replay their first answer for a
 * token they saw, which {@link FleetLauncher} relies on.
 */
@FunctionalInterface
interface LaunchCall {
  Launched call(String clientToken);

  /**
   * The instance ids EC2 gave, in its order, and why it gave fewer than asked: its own error, or
   * null when it said nothing.
   */
  record Launched(List<String> ids, ProviderError shortfall) {}

  static LaunchCall fleet(Ec2Api api, CreateFleetRequest ask) {
    return token -> {
      CreateFleetRequest asked = ask.toBuilder().clientToken(token).build();
      CreateFleetResponse answer = api.call("CreateFleet", ec2 -> ec2.createFleet(asked));
      LinkedHashSet<String> ids = new LinkedHashSet<>();
      for (CreateFleetInstance i : answer.instances()) {
        ids.addAll(i.instanceIds());
      }
      ProviderError why = null;
      for (CreateFleetError e : answer.errors()) {
        if (why == null && e.errorCode() != null) {
          why = Ec2Errors.fleetItem(e.errorCode(), String.valueOf(e.errorMessage()));
        }
      }
      return new Launched(List.copyOf(ids), why);
    };
  }

  /**
   * RunInstances into {@code reservation}. EC2 refuses it whole, as an HTTP error, when the
   * reservation cannot take {@code MinCount}: that error becomes {@link
   * ProviderError.ReservationClosed} when it is about the reservation ({@link Ec2Errors#reserved}).
   */
  static LaunchCall reserved(Ec2Api api, RunInstancesRequest ask, String reservation) {
    return token -> {
      RunInstancesRequest asked = ask.toBuilder().clientToken(token).build();
      RunInstancesResponse answer;
      try {
        answer = api.call("RunInstances", ec2 -> ec2.runInstances(asked));
      } catch (ProviderException e) {
        throw new ProviderException(Ec2Errors.reserved(e.error(), reservation), e);
      }
      List<String> ids = answer.instances().stream().map(Instance::instanceId).distinct().toList();
      ProviderError why =
          ids.size() < ask.maxCount()
              ? new ProviderError.ReservationClosed(
                  "UnfulfilledCapacity",
                  "EC2 launched "
                      + ids.size()
                      + " of "
                      + ask.maxCount()
                      + " instances into reservation "
                      + reservation,
                  reservation)
              : null;
      return new Launched(ids, why);
    };
  }
}
