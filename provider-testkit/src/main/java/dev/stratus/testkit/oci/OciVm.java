package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One instance of the OCI model. Its lifecycle is read off the clock: PROVISIONING for {@code
 * provisioning} after launch, then RUNNING; once terminated, TERMINATING for {@code terminating},
 * then TERMINATED (still answered by GetInstance and ListInstances, as OCI does for a while).
 */
final class OciVm {
  final String id;
  final String ad;
  final String shape;
  final String displayName;
  final String compartmentId;
  final String imageId;
  final Map<String, String> freeformTags;
  final Map<String, String> metadata;
  final String capacityReservationId;
  final String computeClusterId;
  final boolean preemptible;
  final Instant created;
  final Instant listedFrom;
  final Duration provisioning;
  final Duration terminating;
  Instant terminatedAt;
  int listedAfterCalls;
  private int listCalls;

  OciVm(
      String id,
      JsonNode d,
      Map<String, String> tags,
      Map<String, String> metadata,
      Instant created,
      Duration listLag,
      Duration provisioning,
      Duration terminating) {
    this.id = id;
    this.ad = d.path("availabilityDomain").asText();
    this.shape = d.path("shape").asText();
    this.displayName = d.path("displayName").asText(id);
    this.compartmentId = d.path("compartmentId").asText();
    this.imageId = d.path("sourceDetails").path("imageId").asText();
    this.freeformTags = Map.copyOf(tags);
    this.metadata = Map.copyOf(metadata);
    this.capacityReservationId = d.path("capacityReservationId").asText(null);
    this.computeClusterId = d.path("computeClusterId").asText(null);
    this.preemptible = d.has("preemptibleInstanceConfig");
    this.created = created;
    this.listedFrom = created.plus(listLag);
    this.provisioning = provisioning;
    this.terminating = terminating;
  }

  /** Whether a ListInstances now shows it: its lag has passed in time and in list calls. */
  boolean listed(Instant now) {
    return !listedFrom.isAfter(now) && listCalls++ >= listedAfterCalls;
  }

  String state(Instant now) {
    if (terminatedAt != null) {
      return now.isBefore(terminatedAt.plus(terminating)) ? "TERMINATING" : "TERMINATED";
    }
    return now.isBefore(created.plus(provisioning)) ? "PROVISIONING" : "RUNNING";
  }

  /** Neither terminating nor terminated: it holds capacity and counts against limits. */
  boolean holdsCapacity() {
    return terminatedAt == null;
  }
}
