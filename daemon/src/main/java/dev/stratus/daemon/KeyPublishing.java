package dev.stratus.daemon;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.NodeCredentials.CredentialException;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.core.controller.Controller;
import dev.stratus.daemon.vault.NodeKeyPublisher;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link NodeKeyPublisher} every few seconds on a thread of its own, over the instances
 * the controller's latest pass listed, for the providers whose nodes get no per-node credential at
 * launch (they log in to Vault with their cloud identity and read their key there). Off the passes'
 * thread: a slow Vault never holds up a pass.
 */
final class KeyPublishing implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(KeyPublishing.class);
  static final Duration EVERY = Duration.ofSeconds(5);

  private final ScheduledExecutorService thread;

  private KeyPublishing(NodeKeyPublisher publisher, Controller controller, Set<String> providers) {
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "node-key-publisher");
              t.setDaemon(true);
              return t;
            });
    thread.scheduleWithFixedDelay(
        () -> publish(publisher, controller.observedInstances(), providers),
        0,
        EVERY.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** Started when Vault is configured and some provider's nodes need their key from it. */
  static Optional<KeyPublishing> start(
      Optional<VaultSettings> vault,
      ControllerSecret secret,
      Controller controller,
      Map<String, NodeProvider> providers) {
    Set<String> cloudLogin =
        providers.values().stream()
            .filter(p -> !(p instanceof CarriesNodeCredentials c && c.needsNodeCredentials()))
            .map(NodeProvider::name)
            .collect(Collectors.toSet());
    if (vault.isEmpty() || cloudLogin.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new KeyPublishing(
            new NodeKeyPublisher(vault.get(), secret, secret.cluster()), controller, cloudLogin));
  }

  private static void publish(
      NodeKeyPublisher publisher, List<Instance> instances, Set<String> providers) {
    try {
      publisher.publish(instances.stream().filter(i -> providers.contains(i.provider())).toList());
    } catch (CredentialException | RuntimeException e) {
      log.warn(
          "cannot write the nodes' keys to Vault (tried again in {}): {}", EVERY, e.getMessage());
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
