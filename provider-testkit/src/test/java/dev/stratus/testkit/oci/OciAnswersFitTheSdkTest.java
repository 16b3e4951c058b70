package dev.stratus.testkit.oci;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.oracle.bmc.core.model.ComputeCapacityReservation;
import com.oracle.bmc.core.model.ComputeCluster;
import com.oracle.bmc.core.model.ComputeClusterCollection;
import com.oracle.bmc.core.model.ComputeHostCollection;
import com.oracle.bmc.core.model.Image;
import com.oracle.bmc.core.model.Instance;
import com.oracle.bmc.core.model.Shape;
import com.oracle.bmc.core.model.Subnet;
import com.oracle.bmc.http.internal.ResponseHelper;
import dev.stratus.testkit.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The OCI model cannot drift kinder than OCI: each answer to the calls the OCI provider makes
 * (LaunchInstance, GetInstance, ListInstances, TerminateInstance, compute clusters and hosts,
 * shapes, the image, the subnet, a capacity reservation) and its errors, in the lifecycle states
 * the model reaches, fits the model class the OCI Java SDK reads it into ({@link OciShapeCheck}).
 * Errors are read as the SDK reads them ({@code ResponseHelper.ErrorCodeAndMessage}).
 */
class OciAnswersFitTheSdkTest {
  static final String AD = OciModel.ADS.get(0);
  final MovableClock clock = new MovableClock(Instant.parse("2026-11-21T12:00:00Z"));
  final OciModel model = new OciModel(clock);
  final OciRoutes routes = new OciRoutes(model);

  JsonNode call(String method, String path, Map<String, String> q, String body, Class<?> type)
      throws Exception {
    OciReply reply =
        routes.route(method, path, q, null, body == null ? null : body.replace('\'', '"'));
    if (reply.body().isEmpty()) {
      return null;
    }
    JsonNode json = OciReply.JSON.readTree(reply.body());
    List<String> problems =
        reply.status() >= 400
            ? OciShapeCheck.problems(ResponseHelper.ErrorCodeAndMessage.class, json)
            : type == List.class ? List.of() : OciShapeCheck.problems(type, json);
    assertThat(problems).as(reply.body()).isEmpty();
    return json;
  }

  JsonNode list(String path, Map<String, String> q, Class<?> item) throws Exception {
    OciReply reply = routes.route("GET", path, q, null, null);
    JsonNode json = OciReply.JSON.readTree(reply.body());
    assertThat(OciShapeCheck.problemsOfList(item, json)).as(reply.body()).isEmpty();
    return json;
  }

  static String launch(String name, String shape, String extra) {
    return "{'availabilityDomain':'"
        + AD
        + "','compartmentId':'"
        + OciModel.COMPARTMENT
        + "','shape':'"
        + shape
        + "','displayName':'"
        + name
        + "','sourceDetails':{'sourceType':'image','imageId':'"
        + OciModel.IMAGE
        + "'},'createVnicDetails':{'subnetId':'"
        + OciModel.SUBNET
        + "','assignPublicIp':false},'metadata':{'user_data':'I2Nsb3VkLWNvbmZpZw=='},"
        + "'freeformTags':{'stratus-node':'"
        + name
        + "','stratus-cluster':'c1'}"
        + extra
        + "}";
  }

  @Test
  void instancesThroughTheirLifecycleFitInstance() throws Exception {
    model.lifecycle(Duration.ofSeconds(30), Duration.ofSeconds(30));
    model.reservation("ocid1.capacityreservation.oc1.iad.r", AD, "VM.GPU.A10.1", 2);
    String id =
        call(
                "POST",
                "/instances",
                Map.of(),
                launch(
                    "n1",
                    "VM.GPU.A10.1",
                    ",'capacityReservationId':'ocid1.capacityreservation.oc1.iad.r'"),
                Instance.class)
            .path("id")
            .asText();
    call(
        "POST",
        "/instances",
        Map.of(),
        launch(
            "n2",
            "VM.GPU.A10.1",
            ",'preemptibleInstanceConfig':{'preemptionAction':{'type':'TERMINATE','preserveBootVolume':false}}"),
        Instance.class);
    list("/instances", Map.of("compartmentId", OciModel.COMPARTMENT), Instance.class);
    clock.add(Duration.ofSeconds(31));
    call("GET", "/instances/" + id, Map.of(), null, Instance.class);
    call("DELETE", "/instances/" + id, Map.of(), null, Object.class);
    call("GET", "/instances/" + id, Map.of(), null, Instance.class);
    clock.add(Duration.ofSeconds(31));
    list("/instances", Map.of("compartmentId", OciModel.COMPARTMENT, "limit", "1"), Instance.class);
    call(
        "GET",
        "/computeCapacityReservations/ocid1.capacityreservation.oc1.iad.r",
        Map.of(),
        null,
        ComputeCapacityReservation.class);
  }

  @Test
  void computeClustersAndTheirHostsFitTheirCollections() throws Exception {
    String cluster =
        call(
                "POST",
                "/computeClusters",
                Map.of(),
                "{'availabilityDomain':'"
                    + AD
                    + "','compartmentId':'"
                    + OciModel.COMPARTMENT
                    + "','displayName':'c1-rdma','freeformTags':{'stratus-cluster':'c1'}}",
                ComputeCluster.class)
            .path("id")
            .asText();
    call(
        "POST",
        "/instances",
        Map.of(),
        launch("n3", "BM.GPU.H100.8", ",'computeClusterId':'" + cluster + "'"),
        Instance.class);

    call(
        "GET",
        "/computeClusters",
        Map.of("compartmentId", OciModel.COMPARTMENT),
        null,
        ComputeClusterCollection.class);
    call(
        "GET",
        "/computeHosts",
        Map.of("compartmentId", OciModel.TENANCY),
        null,
        ComputeHostCollection.class);
    call("DELETE", "/computeClusters/" + cluster, Map.of(), null, Object.class);
  }

  @Test
  void theReadOnlyResourcesFitTheirModels() throws Exception {
    list(
        "/shapes",
        Map.of("compartmentId", OciModel.COMPARTMENT, "availabilityDomain", AD),
        Shape.class);
    call("GET", "/images/" + OciModel.IMAGE, Map.of(), null, Image.class);
    call("GET", "/subnets/" + OciModel.SUBNET, Map.of(), null, Subnet.class);
  }

  @Test
  void errorsFitTheSdksErrorBody() throws Exception {
    model.exhaust(new OciModel.Pool("BM.GPU.H100.8", AD));
    call("POST", "/instances", Map.of(), launch("n4", "BM.GPU.H100.8", ""), Instance.class);
    call("POST", "/instances", Map.of(), launch("n5", "BM.GPU.X.8", ""), Instance.class);
    call("GET", "/instances/ocid1.instance.oc1.iad.none", Map.of(), null, Instance.class);
    call("GET", "/nothing", Map.of(), null, Object.class);
  }
}
