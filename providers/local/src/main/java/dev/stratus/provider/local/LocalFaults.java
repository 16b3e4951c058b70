package dev.stratus.provider.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.model.OfferingKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Failures the local provider is told to fake, so tests and the demo can see how Stratus handles a
 * cloud that has no capacity. {@code failLaunches}: node names (or {@code "*"} for every node)
 * whose launch fails with an insufficient-capacity error; {@code exhaustedOfferings}: offerings (by
 * instance type or by {@link OfferingKey#toString()}) that have no capacity at all; {@code
 * lostGpu}: node names (or {@code "*"}) that boot with one GPU device fewer than their pool's
 * count, as a node whose GPU fell off the bus (its agent's GPU check refuses it).
 *
 * <p>They come from the settings and, so that a running controller can be changed from outside,
 * from {@code <stateDir>/faults.json} (same keys), read at every launch.
 */
public record LocalFaults(
    Set<String> failLaunches, Set<String> exhaustedOfferings, Set<String> lostGpu) {
  public static final String FILE = "faults.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  public LocalFaults {
    failLaunches = Set.copyOf(failLaunches);
    exhaustedOfferings = Set.copyOf(exhaustedOfferings);
    lostGpu = Set.copyOf(lostGpu);
  }

  public LocalFaults(Set<String> failLaunches, Set<String> exhaustedOfferings) {
    this(failLaunches, exhaustedOfferings, Set.of());
  }

  public static LocalFaults none() {
    return new LocalFaults(Set.of(), Set.of());
  }

  public boolean losesGpuOn(String nodeName) {
    return lostGpu.contains("*") || lostGpu.contains(nodeName);
  }

  public boolean failsLaunchOf(String nodeName) {
    return failLaunches.contains("*") || failLaunches.contains(nodeName);
  }

  public boolean exhausted(OfferingKey key) {
    return exhaustedOfferings.contains(key.instanceType())
        || exhaustedOfferings.contains(key.toString());
  }

  public LocalFaults plus(LocalFaults other) {
    Set<String> fail = new HashSet<>(failLaunches);
    fail.addAll(other.failLaunches);
    Set<String> exhausted = new HashSet<>(exhaustedOfferings);
    exhausted.addAll(other.exhaustedOfferings);
    Set<String> lost = new HashSet<>(lostGpu);
    lost.addAll(other.lostGpu);
    return new LocalFaults(fail, exhausted, lost);
  }

  /** Reads the keys from a settings map; a string is taken as a one-element list. */
  static LocalFaults fromSettings(Map<String, ?> settings) {
    return new LocalFaults(
        strings("failLaunches", settings.get("failLaunches")),
        strings("exhaustedOfferings", settings.get("exhaustedOfferings")),
        strings("lostGpu", settings.get("lostGpu")));
  }

  /** The faults file under {@code stateDir}, or none when there is no such file. */
  public static LocalFaults read(Path stateDir) {
    Path file = stateDir.resolve(FILE);
    if (!Files.exists(file)) {
      return none();
    }
    try {
      Map<?, ?> map = JSON.readValue(file.toFile(), Map.class);
      @SuppressWarnings("unchecked")
      Map<String, ?> typed = (Map<String, ?>) map;
      return fromSettings(typed);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** Replaces the faults file atomically (what tests and the e2e suite use). */
  public void write(Path stateDir) {
    try {
      Files.createDirectories(stateDir);
      Path temp = stateDir.resolve(FILE + ".tmp");
      JSON.writeValue(
          temp.toFile(),
          Map.of(
              "failLaunches", List.copyOf(failLaunches),
              "exhaustedOfferings", List.copyOf(exhaustedOfferings),
              "lostGpu", List.copyOf(lostGpu)));
      Files.move(temp, stateDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + stateDir.resolve(FILE), e);
    }
  }

  private static Set<String> strings(String key, Object value) {
    if (value == null) {
      return Set.of();
    }
    if (value instanceof String s) {
      return Set.of(s);
    }
    if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
      return Set.copyOf(list.stream().map(String.class::cast).toList());
    }
    throw new IllegalArgumentException(key + " must be a list of strings or \"*\", got " + value);
  }
}
