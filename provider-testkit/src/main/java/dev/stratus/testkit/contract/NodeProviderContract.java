package dev.stratus.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link NodeProvider} keeps (see its Javadoc), as one abstract JUnit suite.
 * Extend it once per provider and return a fresh {@link ContractHarness} from {@link
 * #createHarness()}; the harness is closed after each test.
 */
public abstract class NodeProviderContract {
  protected ContractHarness harness;
  protected NodeProvider provider;

  /** A new harness for one test: its own cluster name, a provider with capacity. */
  protected abstract ContractHarness createHarness() throws Exception;

  @BeforeEach
  void openHarness() throws Exception {
    harness = createHarness();
    provider = harness.provider();
  }

  @AfterEach
  void closeHarness() throws Exception {
    harness.close();
  }

  /** For the capability suites ({@link SweepContract}), which are interfaces. */
  public ContractHarness harness() {
    return harness;
  }

  protected LaunchRequest request(
      String cluster, List<String> nodes, String token, boolean allOrNothing) {
    return new LaunchRequest(
        cluster,
        "contract",
        harness.offering(),
        nodes,
        token,
        Map.of(Tags.CLUSTER, cluster, Tags.POOL, "contract", Tags.TOKEN, token),
        allOrNothing);
  }

  protected LaunchRequest request(List<String> nodes, boolean allOrNothing) {
    return request(harness.cluster(), nodes, newToken(), allOrNothing);
  }

  protected static String newToken() {
    return UUID.randomUUID().toString();
  }

  protected static List<String> ids(List<Instance> instances) {
    return instances.stream().map(Instance::id).sorted().toList();
  }

  protected static List<String> nodes(LaunchResult.Failure failure) {
    return failure.nodeNames();
  }

  @Test
  void launchedInstancesAreAliveAndCarryTheRequestTagsPlusTheirNodeName() {
    List<String> nodes = harness.nodeNames(2);
    LaunchRequest request = request(nodes, true);

    LaunchResult result = provider.launch(request);

    assertThat(result.failures()).isEmpty();
    assertThat(result.launchedNodeNames()).containsExactlyInAnyOrderElementsOf(nodes);
    for (Instance i : result.launched()) {
      assertThat(i.state().alive()).isTrue();
      assertThat(i.provider()).isEqualTo(provider.name());
      assertThat(i.offering()).isEqualTo(harness.offering().key());
      assertThat(i.tags()).containsAllEntriesOf(request.tags());
      assertThat(i.tags()).containsEntry(Tags.NODE, i.nodeName().orElseThrow());
      assertThat(provider.get(i.id()))
          .hasValueSatisfying(g -> assertThat(g.id()).isEqualTo(i.id()));
    }
  }

  @Test
  void launchIsIdempotentOnTheClientToken() {
    LaunchRequest request = request(harness.nodeNames(1), true);

    LaunchResult first = provider.launch(request);
    LaunchResult second = provider.launch(request);

    assertThat(first.launched()).hasSize(1);
    assertThat(ids(second.launched())).isEqualTo(ids(first.launched()));
    assertThat(second.failures()).isEmpty();
    assertThat(ids(provider.list(harness.cluster()))).isEqualTo(ids(first.launched()));
  }

  @Test
  void listShowsTheClustersInstancesAndNothingElse() {
    LaunchResult ours = provider.launch(request(harness.nodeNames(1), true));
    LaunchResult theirs =
        provider.launch(request(harness.otherCluster(), harness.nodeNames(1), newToken(), true));

    assertThat(ids(provider.list(harness.cluster()))).isEqualTo(ids(ours.launched()));
    assertThat(ids(provider.list(harness.otherCluster()))).isEqualTo(ids(theirs.launched()));
    assertThat(provider.list(harness.cluster() + "-never-launched")).isEmpty();
  }

  @Test
  void terminateOfAnUnknownIdIsSuccess() {
    provider.terminate(List.of("i-does-not-exist", "local-00000000"));

    assertThat(provider.list(harness.cluster())).isEmpty();
  }

  @Test
  void terminatedInstanceIsGoneAndTerminatingItAgainIsSuccess() {
    LaunchResult launched = provider.launch(request(harness.nodeNames(1), true));
    String id = launched.launched().get(0).id();

    provider.terminate(List.of(id));
    provider.terminate(List.of(id));

    assertThat(provider.list(harness.cluster())).isEmpty();
    assertThat(provider.get(id)).isEmpty();
  }

  @Test
  void anOfferingWithoutCapacityIsFailureDataThatSaysTryAnotherOffering() {
    harness.exhaust(harness.offering().key());
    List<String> nodes = harness.nodeNames(2);

    LaunchResult result = provider.launch(request(nodes, true));

    assertThat(result.launched()).isEmpty();
    assertThat(result.failures()).isNotEmpty();
    assertThat(result.failures().stream().flatMap(f -> f.nodeNames().stream()))
        .containsExactlyInAnyOrderElementsOf(nodes);
    for (LaunchResult.Failure f : result.failures()) {
      assertThat(f.offering()).isEqualTo(harness.offering().key());
      assertThat(f.error()).isInstanceOf(ProviderError.InsufficientCapacity.class);
      assertThat(f.error().recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
    }
    assertThat(provider.list(harness.cluster())).isEmpty();
  }

  @Test
  void partialSuccessIsReportedAsData() {
    List<String> nodes = harness.nodeNames(2);
    harness.failLaunchOf(nodes.get(1));

    LaunchResult result = provider.launch(request(nodes, false));

    assertThat(result.launchedNodeNames()).containsExactly(nodes.get(0));
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.nodeNames()).containsExactly(nodes.get(1));
              assertThat(f.error().recovery()).isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
            });
    assertThat(ids(provider.list(harness.cluster()))).isEqualTo(ids(result.launched()));
  }

  @Test
  void allOrNothingLeavesNoInstanceWhenOneNodeFails() {
    List<String> nodes = harness.nodeNames(3);
    harness.failLaunchOf(nodes.get(2));

    LaunchResult result = provider.launch(request(nodes, true));

    assertThat(result.launched()).isEmpty();
    assertThat(result.failures().stream().flatMap(f -> f.nodeNames().stream()))
        .containsExactlyInAnyOrderElementsOf(nodes);
    assertThat(provider.list(harness.cluster())).isEmpty();
  }

  @Test
  void allOrNothingLeavesEveryInstanceWhenAllNodesLaunch() {
    List<String> nodes = harness.nodeNames(3);

    LaunchResult result = provider.launch(request(nodes, true));

    assertThat(result.complete()).isTrue();
    assertThat(provider.list(harness.cluster()))
        .extracting(i -> i.nodeName().orElseThrow())
        .containsExactlyInAnyOrderElementsOf(nodes);
  }

  @Test
  void getOfAnUnknownOrMalformedIdIsEmptyNotAnError() {
    assertThat(provider.get("i-0123456789abcdef0")).isEmpty();
    assertThat(provider.get("local-00000000")).isEmpty();
    assertThat(provider.get("not an id/../at all")).isEmpty();
  }

  @Test
  void terminateWithAnIdTwiceInOneCallIsSuccess() {
    String id = provider.launch(request(harness.nodeNames(1), true)).launched().get(0).id();

    provider.terminate(List.of(id, id));

    assertThat(provider.list(harness.cluster())).isEmpty();
  }

  /**
   * Launches, a termination, lists and gets of different instances, all at once from different
   * threads (the controller runs launches and terminations as tasks beside its pass): each does its
   * own work and nothing else.
   */
  @Test
  void concurrentCallsOnDifferentInstancesKeepToThemselves() throws Exception {
    Instance doomed = provider.launch(request(harness.nodeNames(1), true)).launched().get(0);
    List<String> nodes = harness.nodeNames(2);
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<LaunchResult>> launches = new ArrayList<>();
      for (String node : nodes) {
        launches.add(
            pool.submit(() -> awaitThen(go, () -> provider.launch(request(List.of(node), true)))));
      }
      Future<?> termination =
          pool.submit(
              () ->
                  awaitThen(
                      go,
                      () -> {
                        provider.terminate(List.of(doomed.id()));
                        return null;
                      }));
      List<Future<List<Instance>>> lists = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        lists.add(pool.submit(() -> awaitThen(go, () -> provider.list(harness.cluster()))));
      }
      go.countDown();

      for (Future<LaunchResult> f : launches) {
        assertThat(f.get(5, TimeUnit.MINUTES).complete()).isTrue();
      }
      termination.get(5, TimeUnit.MINUTES);
      for (Future<List<Instance>> f : lists) {
        assertThat(f.get(5, TimeUnit.MINUTES))
            .allSatisfy(i -> assertThat(i.tags()).containsEntry(Tags.CLUSTER, harness.cluster()));
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(provider.list(harness.cluster()))
        .extracting(i -> i.nodeName().orElseThrow())
        .containsExactlyInAnyOrderElementsOf(nodes);
    assertThat(provider.get(doomed.id())).isEmpty();
  }

  private static <T> T awaitThen(CountDownLatch go, Callable<T> call) throws Exception {
    go.await();
    return call.call();
  }
}
