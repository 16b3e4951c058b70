package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.Shape;
import com.oracle.bmc.core.requests.GetComputeCapacityReservationRequest;
import com.oracle.bmc.core.requests.GetImageRequest;
import com.oracle.bmc.core.requests.GetSubnetRequest;
import com.oracle.bmc.core.requests.ListComputeClustersRequest;
import com.oracle.bmc.core.requests.ListComputeHostsRequest;
import com.oracle.bmc.core.requests.ListInstancesRequest;
import com.oracle.bmc.core.requests.ListShapesRequest;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.ProviderCheck.Result;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code stratus providers check} for OCI: read-only calls, one line each, each proving the
 * credentials, the region and compartment and the read half of the policy: ListInstances (one
 * item), GetSubnet, GetImage, ListComputeClusters, ListComputeHosts (in the root compartment, for
 * placement), per availability domain ListShapes (each offering's shape is offered there), per
 * reservation GetComputeCapacityReservation (its AD and free count). OCI has no dry-run launch:
 * "manage instances" is proved only by a launch. A failed line names OCI's code and, for a
 * permission error, the policy statement to add.
 */
final class OciCheck {
  /** OCI's answers to a request the policy does not allow (it may not say which of the two). */
  private static final Set<String> POLICY_CODES =
      Set.of("NotAuthorized", "NotAuthorizedOrNotFound");

  private final OciApi api;
  private final OciSettings s;

  OciCheck(OciApi api, OciSettings settings) {
    this.api = api;
    this.s = settings;
  }

  List<Result> run() {
    List<Result> results = new ArrayList<>();
    results.add(
        one(
            "list instances in the compartment",
            "read instance-family",
            () -> {
              var r =
                  api.compute(
                      "ListInstances",
                      c ->
                          c.listInstances(
                              ListInstancesRequest.builder()
                                  .compartmentId(s.compartmentId())
                                  .limit(1)
                                  .build()));
              return "region "
                  + s.region()
                  + ", compartment readable ("
                  + r.getItems().size()
                  + " on the first page)";
            }));
    results.add(
        one(
            "subnet",
            "use virtual-network-family",
            () ->
                api.network(
                        "GetSubnet",
                        n -> n.getSubnet(GetSubnetRequest.builder().subnetId(s.subnetId()).build()))
                    .getSubnet()
                    .getCidrBlock()));
    results.add(
        one(
            "image",
            "read instance-images",
            () ->
                api.compute(
                        "GetImage",
                        c -> c.getImage(GetImageRequest.builder().imageId(s.imageId()).build()))
                    .getImage()
                    .getDisplayName()));
    results.add(
        one(
            "list compute clusters",
            "manage compute-clusters",
            () ->
                api.compute(
                            "ListComputeClusters",
                            c ->
                                c.listComputeClusters(
                                    ListComputeClustersRequest.builder()
                                        .compartmentId(s.compartmentId())
                                        .limit(1)
                                        .build()))
                        .getComputeClusterCollection()
                        .getItems()
                        .size()
                    + " on the first page"));
    results.add(
        one(
            "list compute hosts (placement)",
            "read compute-bare-metal-hosts",
            () -> {
              int n =
                  api.compute(
                          "ListComputeHosts",
                          c ->
                              c.listComputeHosts(
                                  ListComputeHostsRequest.builder()
                                      .compartmentId(s.hostCompartmentId())
                                      .limit(1)
                                      .build()))
                      .getComputeHostCollection()
                      .getItems()
                      .size();
              return n
                  + " on the first page"
                  + (s.hostsInRoot()
                      ? ""
                      : "; OCI lists compute hosts in the root compartment: set hostCompartmentId"
                          + " to the tenancy OCID, or topology.conf gets no OCI switches");
            }));
    for (String ad : s.offerings().stream().map(o -> o.key().zone()).distinct().toList()) {
      results.add(shapes(ad));
    }
    for (Offering o : s.offerings()) {
      s.extra(o).capacityReservationId().ifPresent(id -> results.add(reservation(o, id)));
    }
    return results;
  }

  private Result shapes(String ad) {
    return one(
        "shapes in " + ad,
        "read instance-family",
        () -> {
          Set<String> offered =
              api
                  .compute(
                      "ListShapes",
                      c ->
                          c.listShapes(
                              ListShapesRequest.builder()
                                  .compartmentId(s.compartmentId())
                                  .availabilityDomain(ad)
                                  .limit(1000)
                                  .build()))
                  .getItems()
                  .stream()
                  .map(Shape::getShape)
                  .collect(Collectors.toSet());
          List<String> missing =
              s.offerings().stream()
                  .filter(o -> o.key().zone().equals(ad))
                  .map(o -> o.key().instanceType())
                  .filter(shape -> !offered.contains(shape))
                  .distinct()
                  .toList();
          if (!missing.isEmpty()) {
            throw new IllegalStateException(
                "not offered to this tenancy in "
                    + ad
                    + ": "
                    + missing
                    + " (request the service limit)");
          }
          return "every configured shape is offered";
        });
  }

  private Result reservation(Offering o, String id) {
    return one(
        "capacity reservation for " + o.key(),
        "read compute-capacity-reservations",
        () -> {
          var r =
              api.compute(
                      "GetComputeCapacityReservation",
                      c ->
                          c.getComputeCapacityReservation(
                              GetComputeCapacityReservationRequest.builder()
                                  .capacityReservationId(id)
                                  .build()))
                  .getComputeCapacityReservation();
          if (!o.key().zone().equals(r.getAvailabilityDomain())) {
            throw new IllegalStateException(
                "the reservation is in "
                    + r.getAvailabilityDomain()
                    + ", the offering in "
                    + o.key().zone());
          }
          long free = r.getReservedInstanceCount() - r.getUsedInstanceCount();
          return free + " of " + r.getReservedInstanceCount() + " reserved instances free";
        });
  }

  private Result one(String what, String verb, Callable<String> call) {
    try {
      return new Result(what, true, call.call());
    } catch (ProviderException e) {
      ProviderError err = e.error();
      String hint = "";
      if (POLICY_CODES.contains(err.code())) {
        hint =
            " -- add the policy statement: Allow dynamic-group <stratus> to "
                + verb
                + (verb.endsWith("compute-bare-metal-hosts")
                    ? " in tenancy"
                    : " in compartment <compartment>");
      } else if (err.code().equals("NotAuthenticated")) {
        hint =
            " -- OCI refused the request's signature: check the API key and its fingerprint, or"
                + " that a dynamic group's matching rule names this instance";
      }
      return new Result(what, false, err.describe() + hint);
    } catch (Exception e) {
      return new Result(what, false, e.getMessage());
    }
  }
}
