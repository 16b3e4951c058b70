package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.testkit.aws.Ec2Model;
import dev.stratus.testkit.aws.Ec2ModelServer;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.Reserving;
import dev.stratus.testkit.contract.Stopping;
import dev.stratus.testkit.contract.Throttling;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The AWS provider on its real SDK against {@link Ec2ModelServer}: region us-east-1, zone
 * us-east-1a with two subnets and us-east-1b with one, a spot p5.48xlarge offering in us-east-1a,
 * fake static credentials, DescribeInstances pages of 5.
 *
 * <p>{@link #failLaunchOf}: EC2 cannot be told to refuse one named instance — capacity belongs to a
 * pool, and the node tag is set after the fleet answers. So "this node fails" is modelled as the
 * pool running out just before it: the pool is limited to the nodes handed out so far that are
 * neither failing nor launched. The provider binds node names to the fleet's instances in request
 * order, so the nodes left without an instance are the last ones of the request, which is where the
 * contract suite puts its failing nodes.
 *
 * <p>{@link Reserving}: a reservation is a Capacity Block of the offering's type in its zone, held
 * by the model; its end terminates its instances, as EC2 does. The provider reads reservations
 * afresh on every call here ({@code reservationsRefreshSeconds: 0}), so a block made or ended by
 * the test shows at once.
 */
public final class AwsHarness implements ContractHarness, Throttling, Stopping, Reserving {
  public static final String REGION = "us-east-1";
  public static final String ZONE = "us-east-1a";
  private final Ec2ModelServer server = new Ec2ModelServer();
  private final Offering offering;
  private final NodeProvider provider;
  private final List<String> handedOut = new ArrayList<>();
  private final Set<String> failing = new LinkedHashSet<>();
  private int next;

  public AwsHarness(Path stateDir) {
    this(stateDir, Map.of());
  }

  /**
   * {@code extra} settings override the defaults (e.g. offerings, placementGroups, userDataFile).
   */
  public AwsHarness(Path stateDir, Map<String, Object> extra) {
    server
        .model()
        .subnet("subnet-0a1", ZONE)
        .subnet("subnet-0a2", ZONE)
        .subnet("subnet-0b1", "us-east-1b");
    Map<String, Object> settings = new HashMap<>(defaults(server));
    settings.put("reservationsRefreshSeconds", 0);
    settings.putAll(extra);
    provider =
        new AwsNodeProviderFactory().create(context(stateDir, settings), ResilienceSettings.fast());
    offering = provider.offerings().get(0);
  }

  /**
   * A provider for the controller's cluster {@code test} on {@code server}, whose model gets the
   * subnets {@link #defaults} names.
   */
  public static NodeProvider forController(Ec2ModelServer server, Path stateDir) {
    server
        .model()
        .subnet("subnet-0a1", ZONE)
        .subnet("subnet-0a2", ZONE)
        .subnet("subnet-0b1", "us-east-1b");
    return new AwsNodeProviderFactory()
        .create(
            new ProviderContext(
                "test",
                defaults(server),
                stateDir,
                new BootstrapSettings(
                    stateDir.resolve("slurm.conf"),
                    stateDir,
                    stateDir.resolve("k"),
                    stateDir.resolve("s")),
                Clock.systemUTC()),
            ResilienceSettings.fast());
  }

  public static Map<String, Object> defaults(Ec2ModelServer server) {
    return Map.of(
        "region", REGION,
        "endpoint", server.endpoint().toString(),
        "credentials", Map.of("accessKeyId", "AKIAFAKEFAKEFAKE", "secretAccessKey", "fake-secret"),
        "launchTemplate", Map.of("id", "lt-0123456789abcdef0"),
        "subnets", Map.of(ZONE, List.of("subnet-0a1", "subnet-0a2"), "us-east-1b", "subnet-0b1"),
        "offerings",
            List.of(Map.of("instanceType", "p5.48xlarge", "zone", ZONE, "capacityType", "spot")),
        "pageSize", 5);
  }

  static ProviderContext context(Path stateDir, Map<String, Object> settings) {
    return new ProviderContext(
        "aws-contract",
        settings,
        stateDir,
        new BootstrapSettings(
            stateDir.resolve("slurm.conf"),
            stateDir,
            stateDir.resolve("munge.key"),
            stateDir.resolve("munge.socket")),
        Clock.systemUTC());
  }

  public Ec2ModelServer server() {
    return server;
  }

  public Ec2Model model() {
    return server.model();
  }

  @Override
  public NodeProvider provider() {
    return provider;
  }

  @Override
  public Offering offering() {
    return offering;
  }

  @Override
  public String cluster() {
    return "aws-contract";
  }

  @Override
  public List<String> nodeNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add(String.format("gpu-%03d", ++next));
    }
    handedOut.addAll(names);
    return names;
  }

  @Override
  public void exhaust(OfferingKey key) {
    model().exhaust(pool(key));
  }

  @Override
  public void failLaunchOf(String nodeName) {
    failing.add(nodeName);
    Set<String> launched = new LinkedHashSet<>();
    for (String id : model().liveInstanceIds()) {
      String node = model().tagsOf(id).get(Tags.NODE);
      if (node != null) {
        launched.add(node);
      }
    }
    int left =
        (int) handedOut.stream().filter(n -> !failing.contains(n) && !launched.contains(n)).count();
    model().limit(pool(offering.key()), left);
  }

  @Override
  public void throttleNextCalls(int calls) {
    server.throttleNextCalls(calls);
  }

  /** A launch of {@code nodes} in the harness's offering, tagged as the controller tags one. */
  public LaunchRequest request(String token, List<String> nodes, boolean allOrNothing) {
    return request(offering, token, nodes, allOrNothing);
  }

  /** A launch of {@code nodes} in {@code into}, tagged as the controller tags one. */
  public LaunchRequest request(
      Offering into, String token, List<String> nodes, boolean allOrNothing) {
    return new LaunchRequest(
        cluster(),
        "gpu",
        into,
        nodes,
        token,
        Map.of(Tags.CLUSTER, cluster(), Tags.POOL, "gpu", Tags.TOKEN, token),
        allOrNothing);
  }

  /** The harness's offering launching into reservation {@code id}, on its window as EC2 has it. */
  public Offering reserved(String id) {
    CapacityReservation r =
        ((ReservationAware) provider)
            .reservations().stream()
                .filter(c -> c.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError("reservations() does not list " + id));
    OfferingKey k = offering.key();
    return new Offering(
        new OfferingKey(
            k.provider(), k.region(), k.zone(), k.instanceType(), CapacityType.RESERVED, id),
        offering.gpuModel(),
        offering.gpusPerNode(),
        offering.cpus(),
        offering.memoryMiB(),
        offering.pricePerHour(),
        offering.priceOrigin(),
        new CapacityTerms.Reserved(r));
  }

  /** Stops the instance; the next DescribeInstances finds it {@code stopped}. */
  @Override
  public void stop(String instanceId) {
    model().stop(instanceId);
  }

  @Override
  public String reserve(Instant start, Instant end, int instances) {
    return model().reserve(offering.key().instanceType(), ZONE, instances, start, end, true);
  }

  @Override
  public void endWindow(String reservationId) {
    model().endReservation(reservationId);
  }

  public static Ec2Model.Pool pool(OfferingKey key) {
    return new Ec2Model.Pool(key.instanceType(), key.zone(), key.capacityType());
  }

  @Override
  public void close() {
    try {
      provider.terminate(model().liveInstanceIds());
      provider.close();
    } finally {
      server.close();
    }
  }
}
