package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One instance as a provider reports it. {@code address} is the node's private IP once known, else
 * empty.
 */
public record Instance(
    String id,
    OfferingKey offering,
    InstanceState state,
    Instant launchedAt,
    String address,
    Map<String, String> tags) {
  public Instance {
    notBlank("id", id);
    notNull("offering", offering);
    notNull("state", state);
    notNull("launchedAt", launchedAt);
    address = address == null ? "" : address;
    tags = Map.copyOf(tags);
  }

  public String provider() {
    return offering.provider();
  }

  public Optional<String> nodeName() {
    return Optional.ofNullable(tags.get(Tags.NODE));
  }

  public Optional<String> pool() {
    return Optional.ofNullable(tags.get(Tags.POOL));
  }

  public Optional<String> clientToken() {
    return Optional.ofNullable(tags.get(Tags.TOKEN));
  }

  public Instance withState(InstanceState newState) {
    return new Instance(id, offering, newState, launchedAt, address, tags);
  }
}
