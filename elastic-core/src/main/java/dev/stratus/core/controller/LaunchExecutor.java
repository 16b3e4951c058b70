package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeCredentials.CredentialException;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.plan.Action;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link Action.Launch} as cloud tasks: tries its candidate offerings in order, each try a
 * task on its offering's provider and region lane ({@link CloudTasks}) with the launch time limit,
 * until one holds every node. A capacity or quota error marks the offering unavailable and moves
 * on; an offering the cloud does not support as configured is dropped for good and says so once; a
 * throttled or transient error, or a try abandoned past its limit, defers the whole launch to a
 * later pass; when no offering is left the outcome says why. The caller is never blocked: {@link
 * #run} returns at once with the outcome to come.
 *
 * <p>Each try gets fresh per-node bootstrap credentials ({@link NodeCredentials}); when the try
 * does not bring every node up, all of them are revoked (nodes it did start are terminated anyway),
 * so no credential of a failed launch stays usable. Vault unreachable or sealed defers the launch;
 * Vault refusing the controller fails it, with Vault's reason. Safe from any thread.
 */
final class LaunchExecutor {
  private static final Logger log = LoggerFactory.getLogger(LaunchExecutor.class);

  sealed interface Outcome {
    record Launched(Offering offering, List<Instance> instances) implements Outcome {}

    record Deferred(ProviderError error) implements Outcome {}

    record Failed(ProviderError lastError) implements Outcome {}
  }

  /** One try's result: the launch's outcome, or the error that sends it to the next offering. */
  private sealed interface Step {
    record Done(Outcome outcome) implements Step {}

    record Next(ProviderError error) implements Step {}
  }

  private final String cluster;
  private final Map<String, NodeProvider> providers;
  private final UnavailableOfferings unavailable;
  private final NodeCredentials credentials;
  private final CloudTasks tasks;
  private final Duration limit;
  private final Fence fence;
  private final AdmissionChecks checks;

  /**
   * Counts the nodes' GPU admission checks a try's outcome shows: passed for the nodes of a
   * complete launch, failed for a node that refused itself at step {@code gpu-health}.
   */
  interface AdmissionChecks {
    AdmissionChecks NONE = (pool, offering, passed, nodes) -> {};

    void count(String pool, OfferingKey offering, boolean passed, int nodes);
  }

  LaunchExecutor(
      String cluster,
      Map<String, NodeProvider> providers,
      UnavailableOfferings unavailable,
      NodeCredentials credentials,
      CloudTasks tasks,
      Duration limit,
      Fence fence) {
    this(cluster, providers, unavailable, credentials, tasks, limit, fence, AdmissionChecks.NONE);
  }

  LaunchExecutor(
      String cluster,
      Map<String, NodeProvider> providers,
      UnavailableOfferings unavailable,
      NodeCredentials credentials,
      CloudTasks tasks,
      Duration limit,
      Fence fence,
      AdmissionChecks checks) {
    this.checks = checks;
    this.cluster = cluster;
    this.providers = providers;
    this.unavailable = unavailable;
    this.credentials = credentials;
    this.tasks = tasks;
    this.limit = limit;
    this.fence = fence;
  }

  /** {@code term}: the fence's term the launch was planned in; no try starts outside it. */
  CompletableFuture<Outcome> run(Action.Launch launch, long term) {
    return tryFrom(launch, term, 0, null);
  }

  private CompletableFuture<Outcome> tryFrom(
      Action.Launch launch, long term, int index, ProviderError last) {
    if (index >= launch.candidates().size()) {
      return CompletableFuture.completedFuture(new Outcome.Failed(last));
    }
    Offering offering = launch.candidates().get(index);
    NodeProvider provider = providers.get(offering.provider());
    if (provider == null) {
      return tryFrom(
          launch,
          term,
          index + 1,
          new ProviderError.InvalidRequest("NoProvider", "provider not configured"));
    }
    String what = "launch of " + launch.nodes() + " in " + offering.key();
    return tasks
        .submit(
            new CloudTasks.Lane(offering.provider(), offering.key().region()),
            CloudTasks.Kind.LAUNCH,
            what,
            limit,
            () -> attempt(launch, term, offering, provider))
        .exceptionally(e -> new Step.Done(new Outcome.Deferred(notFinished(what, e))))
        .thenCompose(
            step ->
                step instanceof Step.Next next
                    ? tryFrom(launch, term, index + 1, next.error())
                    : CompletableFuture.completedFuture(((Step.Done) step).outcome()));
  }

  /** A try abandoned past its limit, or one that could not even be queued (closing). */
  private static ProviderError notFinished(String what, Throwable e) {
    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    if (!CloudTasks.abandoned(cause)) { // an abandoned one was logged, with why, by CloudTasks
      log.warn(
          "{} did not finish: {}; the request stays for a later pass", what, cause.getMessage());
    }
    return new ProviderError.Transient(
        cause instanceof CloudTasks.TaskTimedOut
            ? "TaskTimedOut"
            : cause.getClass().getSimpleName(),
        String.valueOf(cause.getMessage()));
  }

  private Step attempt(Action.Launch launch, long term, Offering offering, NodeProvider provider) {
    if (!fence.holds(term)) {
      // the lease went to the standby: its passes replay the request under the same token
      return new Step.Done(
          new Outcome.Deferred(
              new ProviderError.Transient("LeaseLost", "this controller no longer acts")));
    }
    String token = ClientTokens.of(cluster, launch.tokenSeed(), offering.key());
    Map<String, String> tags = new HashMap<>();
    tags.put(Tags.CLUSTER, cluster);
    tags.put(Tags.POOL, launch.pool());
    tags.put(Tags.TOKEN, token);
    if (launch.jobId() > 0) {
      tags.put(Tags.JOB, Long.toString(launch.jobId()));
    }
    Map<String, NodeCredential> issued;
    try {
      issued =
          provider instanceof CarriesNodeCredentials c && c.needsNodeCredentials()
              ? credentials.issue(launch.nodes(), token)
              : Map.of();
    } catch (CredentialException e) {
      log.warn("launch of {} not tried: {}", launch.nodes(), e.getMessage());
      return new Step.Done(
          e.transientFailure()
              ? new Outcome.Deferred(
                  new ProviderError.Transient("VaultUnavailable", e.getMessage()))
              : new Outcome.Failed(new ProviderError.Unauthorized("VaultRefused", e.getMessage())));
    }
    LaunchRequest request =
        new LaunchRequest(
            cluster, launch.pool(), offering, launch.nodes(), token, tags, true, issued);
    LaunchResult result = call(provider, request);
    if (result.complete()) {
      checks.count(launch.pool(), offering.key(), true, launch.nodes().size());
      unavailable.markAvailable(offering.key());
      log.info("launched {} in {} for {}", launch.nodes(), offering.key(), launch.reason());
      return new Step.Done(new Outcome.Launched(offering, result.launched()));
    }
    revoke(issued);
    if (!result.launched().isEmpty()) {
      // The provider broke all-or-nothing: do not keep half a job's nodes.
      provider.terminate(result.launched().stream().map(Instance::id).toList());
    }
    ProviderError last = result.failures().get(0).error();
    if (last instanceof ProviderError.BootstrapFailed b
        && b.code().equals(ProviderError.BootstrapFailed.GPU_HEALTH)) {
      checks.count(launch.pool(), offering.key(), false, 1);
    }
    if (Thread.currentThread().isInterrupted()) {
      // abandoned past its limit (logged once, by CloudTasks); no one reads this outcome
      log.debug("abandoned launch of {} ended: {}", launch.nodes(), last.describe());
      return new Step.Done(new Outcome.Deferred(last));
    }
    log.warn("launch of {} in {} failed: {}", launch.nodes(), offering.key(), last.describe());
    return switch (last.recovery()) {
      case TRY_ANOTHER_OFFERING -> {
        unavailable.markUnavailable(offering.key());
        yield new Step.Next(last);
      }
      case DROP_OFFERING -> {
        if (unavailable.markUnsupported(offering.key())) {
          log.warn(
              "{} cannot launch as configured ({}): skipped until the controller restarts;"
                  + " correct or remove it in stratus.yaml",
              offering.key(),
              last.describe());
        }
        yield new Step.Next(last);
      }
      case RETRY_LATER -> new Step.Done(new Outcome.Deferred(last));
      // The node came up and refused itself (GPUs, munge key, credential): say so on the node
      // instead of hiding it behind another offering's attempt. Otherwise this offering cannot
      // work as configured; another provider may.
      case GIVE_UP ->
          last instanceof ProviderError.BootstrapFailed
              ? new Step.Done(new Outcome.Failed(last))
              : new Step.Next(last);
    };
  }

  private void revoke(Map<String, NodeCredential> issued) {
    for (NodeCredential c : issued.values()) {
      try {
        credentials.revoke(c);
      } catch (CredentialException e) {
        log.warn("cannot revoke {}: {}; it expires by itself", c, e.getMessage());
      }
    }
  }

  private static LaunchResult call(NodeProvider provider, LaunchRequest request) {
    try {
      return provider.launch(request);
    } catch (RuntimeException e) {
      // The SPI says launch reports failures as data; a provider that throws is treated as
      // transient.
      return LaunchResult.failure(
          request.offering().key(),
          request.nodeNames(),
          new ProviderError.Transient(
              e.getClass().getSimpleName(), String.valueOf(e.getMessage())));
    }
  }
}
