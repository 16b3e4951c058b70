package dev.stratus.core.controller;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.Tags;
import dev.stratus.core.plan.Action;
import dev.stratus.core.spi.CarriesNodeCredentials;
import dev.stratus.core.spi.LaunchRequest;
import dev.stratus.core.spi.LaunchResult;
import dev.stratus.core.spi.NodeCredential;
import dev.stratus.core.spi.NodeCredentials;
import dev.stratus.core.spi.NodeCredentials.CredentialException;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.ProviderError;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link Action.Launch}: tries its candidate offerings in order until one holds every
 * node. A capacity or quota error marks the offering unavailable and moves on; an offering the
 * cloud does not support as configured is dropped for good and says so once; a throttled or
 * transient error defers the whole launch to a later pass; when no offering is left the outcome
 * says why.
 *
 * <p>Each try gets fresh per-node bootstrap credentials ({@link NodeCredentials}); when the try
 * does not bring every node up, all of them are revoked (nodes it did start are terminated anyway),
 * so no credential of a failed launch stays usable. Vault unreachable or sealed defers the launch;
 * Vault refusing the controller fails it, with Vault's reason.
 */
final class LaunchExecutor {
  private static final Logger log = LoggerFactory.getLogger(LaunchExecutor.class);

  sealed interface Outcome {
    record Launched(Offering offering, List<Instance> instances) implements Outcome {}

    record Deferred(ProviderError error) implements Outcome {}

    record Failed(ProviderError lastError) implements Outcome {}
  }

  private final String cluster;
  private final Map<String, NodeProvider> providers;
  private final UnavailableOfferings unavailable;
  private final NodeCredentials credentials;

  LaunchExecutor(
      String cluster,
      Map<String, NodeProvider> providers,
      UnavailableOfferings unavailable,
      NodeCredentials credentials) {
    this.cluster = cluster;
    this.providers = providers;
    this.unavailable = unavailable;
    this.credentials = credentials;
  }

  Outcome run(Action.Launch launch) {
    ProviderError last = null;
    for (Offering offering : launch.candidates()) {
      NodeProvider provider = providers.get(offering.provider());
      if (provider == null) {
        last = new ProviderError.InvalidRequest("NoProvider", "provider not configured");
        continue;
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
        return e.transientFailure()
            ? new Outcome.Deferred(new ProviderError.Transient("VaultUnavailable", e.getMessage()))
            : new Outcome.Failed(new ProviderError.Unauthorized("VaultRefused", e.getMessage()));
      }
      LaunchRequest request =
          new LaunchRequest(
              cluster, launch.pool(), offering, launch.nodes(), token, tags, true, issued);
      LaunchResult result = call(provider, request);
      if (result.complete()) {
        unavailable.markAvailable(offering.key());
        log.info("launched {} in {} for {}", launch.nodes(), offering.key(), launch.reason());
        return new Outcome.Launched(offering, result.launched());
      }
      revoke(issued);
      if (!result.launched().isEmpty()) {
        // The provider broke all-or-nothing: do not keep half a job's nodes.
        provider.terminate(result.launched().stream().map(Instance::id).toList());
      }
      last = result.failures().get(0).error();
      log.warn("launch of {} in {} failed: {}", launch.nodes(), offering.key(), last.describe());
      switch (last.recovery()) {
        case TRY_ANOTHER_OFFERING -> unavailable.markUnavailable(offering.key());
        case DROP_OFFERING -> {
          if (unavailable.markUnsupported(offering.key())) {
            log.warn(
                "{} cannot launch as configured ({}): skipped until the controller restarts;"
                    + " correct or remove it in stratus.yaml",
                offering.key(),
                last.describe());
          }
        }
        case RETRY_LATER -> {
          return new Outcome.Deferred(last);
        }
        case GIVE_UP -> {
          if (last instanceof ProviderError.BootstrapFailed) {
            // The node came up and refused itself (GPUs, munge key, credential): say so on
            // the node instead of hiding it behind another offering's attempt.
            return new Outcome.Failed(last);
          }
          // This offering cannot work as configured; another provider may.
        }
      }
    }
    return new Outcome.Failed(last);
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
