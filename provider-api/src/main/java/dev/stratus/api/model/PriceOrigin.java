package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;
import java.util.Optional;

/**
 * Where an offering's price came from, so that status, reports and the ledger can say it: the
 * operator's own {@code pricePerHour} in stratus.yaml, a cloud's price API (live, or as cached on
 * disk from an earlier fetch), or the bundled table with its date. {@code source} names the API or
 * the file; {@code fetchedAt} is when a live price was fetched (empty for the other kinds); {@code
 * asOf} is the bundled table's own date text (empty for the other kinds).
 */
public record PriceOrigin(Kind kind, String source, Optional<Instant> fetchedAt, String asOf) {
  /** The kinds, from the most to the least trusted: see {@code PriceBook} for the precedence. */
  public enum Kind {
    CONFIGURED,
    LIVE,
    CACHED,
    BUNDLED
  }

  public static final PriceOrigin CONFIGURED =
      new PriceOrigin(Kind.CONFIGURED, "stratus.yaml pricePerHour", Optional.empty(), "");

  public PriceOrigin {
    notNull("kind", kind);
    notBlank("source", source);
    fetchedAt = fetchedAt == null ? Optional.empty() : fetchedAt;
    asOf = asOf == null ? "" : asOf.strip();
    if ((kind == Kind.LIVE || kind == Kind.CACHED) && fetchedAt.isEmpty()) {
      throw new IllegalArgumentException("a " + kind + " price needs the time it was fetched");
    }
  }

  public static PriceOrigin live(String source, Instant fetchedAt) {
    return new PriceOrigin(Kind.LIVE, source, Optional.of(fetchedAt), "");
  }

  public static PriceOrigin bundled(String asOf) {
    return new PriceOrigin(Kind.BUNDLED, "bundled gpu-prices.csv", Optional.empty(), asOf);
  }

  /** The same live price, now read back from the disk cache rather than fetched this run. */
  public PriceOrigin cached() {
    return kind == Kind.LIVE ? new PriceOrigin(Kind.CACHED, source, fetchedAt, asOf) : this;
  }

  /** One line for people: {@code aws Price List API, fetched 2026-11-24T10:00:00Z}. */
  public String label() {
    return switch (kind) {
      case CONFIGURED -> source;
      case LIVE -> source + ", fetched " + fetchedAt.orElseThrow();
      case CACHED -> source + ", fetched " + fetchedAt.orElseThrow() + " (cached)";
      case BUNDLED -> source + (asOf.isEmpty() ? "" : " (" + asOf + ")");
    };
  }
}
