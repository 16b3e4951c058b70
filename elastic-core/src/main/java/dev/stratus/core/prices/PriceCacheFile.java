package dev.stratus.core.prices;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.PriceQuote;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The live prices on disk ({@code prices.cacheFile}), so a restarted controller has them before its
 * first refresh: JSON, written to a temp file, fsynced and renamed. Read back, each quote is {@code
 * CACHED} with its original fetch time.
 */
public final class PriceCacheFile {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** One line of the file. */
  record Entry(
      @JsonProperty("provider") String provider,
      @JsonProperty("region") String region,
      @JsonProperty("zone") String zone,
      @JsonProperty("instanceType") String instanceType,
      @JsonProperty("capacityType") CapacityType capacityType,
      @JsonProperty("perHour") BigDecimal perHour,
      @JsonProperty("source") String source,
      @JsonProperty("fetchedAt") String fetchedAt) {}

  private PriceCacheFile() {}

  public static void write(Path file, List<PriceQuote> quotes) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (PriceQuote q : quotes) {
      OfferingKey k = q.key();
      entries.add(
          new Entry(
              k.provider(),
              k.region(),
              k.zone(),
              k.instanceType(),
              k.capacityType(),
              q.perHour(),
              q.origin().source(),
              q.origin().fetchedAt().orElseThrow().toString()));
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".prices", ".tmp");
    try {
      Files.write(tmp, JSON.writeValueAsBytes(entries));
      try (var ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The cached quotes; none when the file does not exist. A damaged file is an error naming it. */
  public static List<PriceQuote> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    Entry[] entries;
    try {
      entries = JSON.readValue(file.toFile(), Entry[].class);
    } catch (IOException e) {
      throw new IOException("cannot read the price cache " + file + ": " + e.getMessage(), e);
    }
    List<PriceQuote> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(
          new PriceQuote(
              new OfferingKey(
                  e.provider(), e.region(), e.zone(), e.instanceType(), e.capacityType()),
              e.perHour(),
              PriceOrigin.live(e.source(), Instant.parse(e.fetchedAt())).cached()));
    }
    return out;
  }
}
