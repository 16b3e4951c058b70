package dev.stratus.testkit.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.cloud.compute.v1.FutureReservation;
import com.google.cloud.compute.v1.FutureReservationsListResponse;
import com.google.cloud.compute.v1.Instance;
import com.google.cloud.compute.v1.InstanceAggregatedList;
import com.google.cloud.compute.v1.InstanceList;
import com.google.cloud.compute.v1.MachineType;
import com.google.cloud.compute.v1.Operation;
import com.google.cloud.compute.v1.Reservation;
import com.google.cloud.compute.v1.ReservationList;
import com.google.cloud.compute.v1.ResourcePolicyList;
import com.google.cloud.compute.v1.Zone;
import com.google.protobuf.Descriptors.Descriptor;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The GCE model cannot drift kinder than Compute Engine: each answer to the calls the GCP provider
 * makes (zones, machine types, instance insert, bulkInsert, get, list, aggregatedList, delete,
 * operations, resource policies, reservations and future reservations, reserved and flex-start
 * instances), in the states the model reaches, fits the message the google-cloud-compute SDK reads
 * it into ({@link GceShapeCheck}). Error bodies are Google's JSON error format, which no compute
 * SDK type describes: they are not checked here.
 */
class GceAnswersFitTheSdkTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String ZONE = GceServer.ZONE;
  final GceServer gce =
      new GceServer(Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC));
  final HttpClient http = HttpClient.newHttpClient();
  final String project = "/compute/v1/projects/" + GceServer.PROJECT;

  @AfterEach
  void stop() {
    gce.close();
  }

  /** The model's answer to a call, checked against {@code type}. */
  JsonNode call(String method, String path, String body, Descriptor type) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(gce.endpoint() + project + path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body.replace('\'', '"')));
    String answer = http.send(b.build(), HttpResponse.BodyHandlers.ofString()).body();
    JsonNode json = JSON.readTree(answer);
    assertThat(GceShapeCheck.problems(type, json)).as(answer).isEmpty();
    return json;
  }

  static String instance(String name, String type, String model) {
    return "{'name':'"
        + name
        + "','machineType':'zones/"
        + ZONE
        + "/machineTypes/"
        + type
        + "','labels':{'stratus-cluster':'c1','stratus-node':'"
        + name
        + "'},'scheduling':{'provisioningModel':'"
        + model
        + "','automaticRestart':false,'onHostMaintenance':'TERMINATE',"
        + "'instanceTerminationAction':'DELETE'},"
        + "'disks':[{'boot':true,'autoDelete':true,'initializeParams':{"
        + "'sourceImage':'projects/debian-cloud/global/images/family/debian-12',"
        + "'diskSizeGb':'200','diskType':'pd-ssd'}}],"
        + "'networkInterfaces':[{'network':'global/networks/default'}],"
        + "'metadata':{'items':[{'key':'user-data','value':'#cloud-config'}]}"
        + (type.startsWith("n1-")
            ? ",'guestAccelerators':[{'acceleratorType':'zones/"
                + ZONE
                + "/acceleratorTypes/nvidia-tesla-t4','acceleratorCount':1}]}"
            : "}");
  }

  @Test
  void theZoneAndItsMachineTypesFitTheirMessages() throws Exception {
    call("GET", "/zones/" + ZONE, null, Zone.getDescriptor());
    call(
        "GET", "/zones/" + ZONE + "/machineTypes/a3-highgpu-8g", null, MachineType.getDescriptor());
  }

  @Test
  void instancesFromInsertToDeleteFitInstanceAndOperation() throws Exception {
    JsonNode op =
        call(
            "POST",
            "/zones/" + ZONE + "/instances?requestId=r1",
            instance("n1", "n1-standard-8", "SPOT"),
            Operation.getDescriptor());
    call(
        "GET",
        "/zones/" + ZONE + "/operations/" + op.path("name").asText(),
        null,
        Operation.getDescriptor());
    assertThat(
            call(
                    "GET",
                    "/zones/" + ZONE + "/operations/" + op.path("name").asText(),
                    null,
                    Operation.getDescriptor())
                .path("status")
                .asText())
        .isEqualTo("DONE");
    call("GET", "/zones/" + ZONE + "/instances/n1", null, Instance.getDescriptor());
    gce.model.stop(ZONE, "n1");
    call("GET", "/zones/" + ZONE + "/instances/n1", null, Instance.getDescriptor());
    call("DELETE", "/zones/" + ZONE + "/instances/n1", null, Operation.getDescriptor());
  }

  @Test
  void aBulkInsertAndItsListsFitTheirMessages() throws Exception {
    String props =
        instance("ignored", "a3-highgpu-8g", "STANDARD").replace("'name':'ignored',", "");
    call(
        "POST",
        "/zones/" + ZONE + "/instances/bulkInsert",
        "{'count':3,'minCount':3,'perInstanceProperties':{'b1':{},'b2':{},'b3':{}},"
            + "'instanceProperties':"
            + props
            + "}",
        Operation.getDescriptor());
    gce.model.settle();
    gce.model.suspend(ZONE, "b2");
    gce.model.pageSize(2);

    JsonNode page =
        call("GET", "/zones/" + ZONE + "/instances", null, InstanceList.getDescriptor());
    call(
        "GET",
        "/zones/" + ZONE + "/instances?pageToken=" + page.path("nextPageToken").asText(),
        null,
        InstanceList.getDescriptor());
    JsonNode agg =
        call("GET", "/aggregated/instances", null, InstanceAggregatedList.getDescriptor());
    call(
        "GET",
        "/aggregated/instances?pageToken=" + agg.path("nextPageToken").asText(),
        null,
        InstanceAggregatedList.getDescriptor());
  }

  @Test
  void aFailedInsertsOperationFitsOperation() throws Exception {
    gce.model.exhaust(ZONE, "a3-highgpu-8g", true);

    JsonNode op =
        call(
            "POST",
            "/zones/" + ZONE + "/instances",
            instance("n2", "a3-highgpu-8g", "SPOT"),
            Operation.getDescriptor());
    gce.model.settle();

    assertThat(
            call(
                    "GET",
                    "/zones/" + ZONE + "/operations/" + op.path("name").asText(),
                    null,
                    Operation.getDescriptor())
                .path("error")
                .isObject())
        .isTrue();
  }

  @Test
  void reservationsAndCalendarFutureReservationsFitTheirListsAndMessages() throws Exception {
    Instant now = Instant.parse("2026-11-21T12:00:00Z");
    gce.model.windows().addReservation(ZONE, "hand", "a3-highgpu-8g", 2);
    gce.model
        .windows()
        .reserve(
            ZONE, "cal", "a3-highgpu-8g", 2, now.minus(Duration.ofHours(1)), now.plusSeconds(3600));
    gce.model
        .windows()
        .reserve(
            ZONE,
            "later",
            "a3-highgpu-8g",
            1,
            now.plus(Duration.ofDays(1)),
            now.plus(Duration.ofDays(2)));
    gce.model.pageSize(1);

    JsonNode page =
        call("GET", "/zones/" + ZONE + "/reservations", null, ReservationList.getDescriptor());
    assertThat(page.path("nextPageToken").asText()).isEqualTo("1");
    call(
        "GET",
        "/zones/" + ZONE + "/reservations?pageToken=1",
        null,
        ReservationList.getDescriptor());
    call(
        "GET",
        "/zones/" + ZONE + "/futureReservations",
        null,
        FutureReservationsListResponse.getDescriptor());
    call("GET", "/zones/" + ZONE + "/reservations/cal", null, Reservation.getDescriptor());
    call(
        "GET",
        "/zones/" + ZONE + "/futureReservations/later",
        null,
        FutureReservation.getDescriptor());
    call(
        "GET",
        "/zones/" + ZONE + "/futureReservations/cal",
        null,
        FutureReservation.getDescriptor());
  }

  @Test
  void reservedAndFlexStartInstancesFitInstance() throws Exception {
    Instant now = Instant.parse("2026-11-21T12:00:00Z");
    gce.model
        .windows()
        .reserve(ZONE, "cal", "a3-highgpu-8g", 1, now.minusSeconds(60), now.plusSeconds(3600));
    String reserved =
        instance("r1", "a3-highgpu-8g", "RESERVATION_BOUND")
            .replace(
                "'labels':",
                "'reservationAffinity':{'consumeReservationType':'SPECIFIC_RESERVATION',"
                    + "'key':'compute.googleapis.com/reservation-name','values':['cal']},'labels':");
    String flex =
        instance("f1", "a3-highgpu-8g", "FLEX_START")
            .replace(
                "'labels':",
                "'reservationAffinity':{'consumeReservationType':'NO_RESERVATION'},'labels':")
            .replace(
                "'instanceTerminationAction'",
                "'maxRunDuration':{'seconds':'3600'}," + "'instanceTerminationAction'");

    call("POST", "/zones/" + ZONE + "/instances", reserved, Operation.getDescriptor());
    call("POST", "/zones/" + ZONE + "/instances", flex, Operation.getDescriptor());
    gce.model.settle();

    assertThat(
            call("GET", "/zones/" + ZONE + "/instances/r1", null, Instance.getDescriptor())
                .path("resourceStatus")
                .path("reservationConsumptionInfo")
                .path("consumedReservation")
                .asText())
        .endsWith("/reservations/cal");
    assertThat(
            call("GET", "/zones/" + ZONE + "/instances/f1", null, Instance.getDescriptor())
                .path("scheduling")
                .has("terminationTime"))
        .isTrue();
    assertThat(
            call("GET", "/zones/" + ZONE + "/reservations/cal", null, Reservation.getDescriptor())
                .path("specificReservation")
                .path("inUseCount")
                .asText())
        .isEqualTo("1");
  }

  @Test
  void placementPoliciesFitResourcePolicyAndOperation() throws Exception {
    String region = "/regions/" + GceServer.REGION;
    JsonNode op =
        call(
            "POST",
            region + "/resourcePolicies",
            "{'name':'p1','description':'stratus c1','groupPlacementPolicy':"
                + "{'collocation':'COLLOCATED','vmCount':2}}",
            Operation.getDescriptor());
    call(
        "GET", region + "/operations/" + op.path("name").asText(), null, Operation.getDescriptor());
    gce.model.addPolicy("p0", "another cluster's", OffsetDateTime.parse("2026-01-01T00:00:00Z"));
    call("GET", region + "/resourcePolicies", null, ResourcePolicyList.getDescriptor());
    call("DELETE", region + "/resourcePolicies/p1", null, Operation.getDescriptor());
  }
}
