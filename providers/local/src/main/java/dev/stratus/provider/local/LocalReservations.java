package dev.stratus.provider.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.SettingsReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The local "cloud's" reservations: blocks with a window, as a cloud sells them, so the whole
 * windowed path runs on the embedded cluster. They come from {@code providers.local.reservations}
 * and from {@code <stateDir>/reservations.json} (the same keys; how a test or {@code stratus demo}
 * buys one while the controller runs). Each is {@code {id, instanceType, region, zone, start, end,
 * instances, prepaidUsd}}, times as ISO-8601 instants. Its state follows the clock: scheduled
 * before {@code start}, active inside the window, expired from {@code end} on or once ended early
 * ({@code "ended": true} in the file). Like EC2 with a Capacity Block, the provider refuses a
 * launch outside the window or beyond the count, and ends the instances in it at the end ({@link
 * LocalNodeProvider#list}).
 */
public final class LocalReservations {
  public static final String FILE = "reservations.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private LocalReservations() {}

  /** One reservation as written, and whether it was ended early. */
  record Held(CapacityReservation reservation, boolean ended) {
    CapacityReservation at(Instant now) {
      CapacityReservation r = reservation;
      ReservationState state =
          ended || !now.isBefore(r.end())
              ? ReservationState.EXPIRED
              : now.isBefore(r.start()) ? ReservationState.SCHEDULED : ReservationState.ACTIVE;
      return r.withState(state);
    }
  }

  static List<Held> fromSettings(List<SettingsReader> blocks) {
    List<Held> out = new ArrayList<>();
    for (SettingsReader b : blocks) {
      try {
        out.add(
            new Held(
                new CapacityReservation(
                    b.requiredString("id"),
                    LocalSettings.PROVIDER,
                    b.string("region", "local"),
                    b.value("zone").map(String::valueOf).orElse(""),
                    b.requiredString("instanceType"),
                    Instant.parse(b.requiredString("start")),
                    Instant.parse(b.requiredString("end")),
                    b.integer("instances", 1, 1, 10_000),
                    ReservationState.ACTIVE,
                    b.decimal("prepaidUsd")),
                false));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(b.where() + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** Those of {@code <stateDir>/reservations.json}; none when the file is missing. */
  static List<Held> read(Path stateDir) {
    Path file = stateDir.resolve(FILE);
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      List<Held> out = new ArrayList<>();
      for (JsonNode n : JSON.readTree(file.toFile()).path("reservations")) {
        out.add(
            new Held(
                new CapacityReservation(
                    n.path("id").asText(),
                    LocalSettings.PROVIDER,
                    n.path("region").asText("local"),
                    n.path("zone").asText(""),
                    n.path("instanceType").asText(),
                    Instant.parse(n.path("start").asText()),
                    Instant.parse(n.path("end").asText()),
                    n.path("instances").asInt(1),
                    ReservationState.ACTIVE,
                    n.hasNonNull("prepaidUsd")
                        ? Optional.of(new BigDecimal(n.path("prepaidUsd").asText()))
                        : Optional.empty()),
                n.path("ended").asBoolean(false)));
      }
      return out;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          file + " is not a valid reservations file: " + e.getMessage(), e);
    }
  }

  /** Adds a reservation to {@code <stateDir>/reservations.json} (the cloud sold a block). */
  public static synchronized void add(Path stateDir, CapacityReservation r) {
    List<Held> all = new ArrayList<>(read(stateDir));
    if (all.stream().anyMatch(h -> h.reservation().id().equals(r.id()))) {
      throw new IllegalArgumentException("reservation " + r.id() + " exists already");
    }
    all.add(new Held(r, false));
    write(stateDir, all);
  }

  /** Ends a reservation of the file now, as a cloud's clock reaching its end would. */
  public static synchronized void end(Path stateDir, String id) {
    List<Held> all = new ArrayList<>();
    boolean found = false;
    for (Held h : read(stateDir)) {
      found |= h.reservation().id().equals(id);
      all.add(h.reservation().id().equals(id) ? new Held(h.reservation(), true) : h);
    }
    if (!found) {
      throw new IllegalArgumentException("no reservation " + id + " in " + stateDir.resolve(FILE));
    }
    write(stateDir, all);
  }

  /**
   * Why a launch of {@code count} nodes into {@code key}'s reservation is refused at {@code now},
   * {@code inUse} of its instances being live: unknown, outside the window, or full (EC2's codes).
   */
  static Optional<ProviderError> refusal(
      List<CapacityReservation> all, OfferingKey key, int count, long inUse, Instant now) {
    Optional<CapacityReservation> found =
        all.stream().filter(r -> r.id().equals(key.reservation())).findFirst();
    if (found.isEmpty()) {
      return Optional.of(
          new ProviderError.ReservationClosed(
              "InvalidCapacityReservationId.NotFound",
              "the capacity reservation '" + key.reservation() + "' does not exist",
              key.reservation()));
    }
    CapacityReservation r = found.get();
    if (!r.openAt(now)) {
      return Optional.of(
          new ProviderError.ReservationClosed(
              "ReservationNotActive",
              "reservation "
                  + r.id()
                  + " is "
                  + r.state().name().toLowerCase(Locale.ROOT)
                  + " (window "
                  + r.start()
                  + " to "
                  + r.end()
                  + ")",
              r.id()));
    }
    if (!r.instanceType().equals(key.instanceType())) {
      return Optional.of(
          new ProviderError.ReservationClosed(
              "InvalidParameterCombination",
              "reservation "
                  + r.id()
                  + " holds "
                  + r.instanceType()
                  + ", not "
                  + key.instanceType(),
              r.id()));
    }
    if (inUse + count > r.instances()) {
      return Optional.of(
          new ProviderError.ReservationClosed(
              "ReservationCapacityExceeded",
              "reservation "
                  + r.id()
                  + " holds "
                  + r.instances()
                  + " instances, "
                  + inUse
                  + " in use, "
                  + count
                  + " asked",
              r.id()));
    }
    return Optional.empty();
  }

  private static void write(Path stateDir, List<Held> all) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("reservations");
    for (Held h : all) {
      CapacityReservation r = h.reservation();
      ObjectNode n = list.addObject();
      n.put("id", r.id());
      n.put("region", r.region());
      n.put("zone", r.zone());
      n.put("instanceType", r.instanceType());
      n.put("start", r.start().toString());
      n.put("end", r.end().toString());
      n.put("instances", r.instances());
      r.prepaidUsd().ifPresent(p -> n.put("prepaidUsd", p.toPlainString()));
      n.put("ended", h.ended());
    }
    try {
      Files.createDirectories(stateDir);
      Path tmp = stateDir.resolve(FILE + ".tmp");
      JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
      Files.move(
          tmp,
          stateDir.resolve(FILE),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + stateDir.resolve(FILE), e);
    }
  }
}
