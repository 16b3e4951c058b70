package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * One provider of the simulated clouds, as the controller sees it through the provider SPI: its
 * offerings are the pools' offerings of that provider, and it launches, lists and terminates in
 * {@link SimCloud} at the simulated clock's time.
 */
final class SimProvider implements NodeProvider {
  private final String name;
  private final List<Offering> offerings;
  private final SimCloud cloud;
  private final Clock clock;

  SimProvider(String name, List<Offering> offerings, SimCloud cloud, Clock clock) {
    this.name = name;
    this.offerings = List.copyOf(offerings);
    this.cloud = cloud;
    this.clock = clock;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Offering> offerings() {
    return offerings;
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    return cloud.launch(request, clock.instant());
  }

  @Override
  public List<Instance> list(String cluster) {
    return cloud.alive(name);
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return cloud.get(instanceId).filter(i -> i.provider().equals(name));
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    instanceIds.forEach(id -> cloud.terminate(id, clock.instant()));
  }
}
