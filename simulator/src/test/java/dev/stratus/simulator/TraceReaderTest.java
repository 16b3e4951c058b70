package dev.stratus.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.simulator.trace.Market;
import dev.stratus.simulator.trace.Prices;
import dev.stratus.simulator.trace.Trace;
import dev.stratus.simulator.trace.TraceFormatException;
import dev.stratus.simulator.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceReaderTest {
  static final Path CANT_BE_LATE = Path.of("traces/cant-be-late/aws-10-26-2022");
  static final Path H100 = Path.of("traces/h100-gcp");

  @TempDir Path dir;

  @Test
  void readsCantBeLateTracesAsCountsWithoutPricesOrClock() {
    Trace t = TraceReader.read(CANT_BE_LATE.resolve("us-west-2a_v100_1.json"));
    assertThat(t.name()).isEqualTo("us-west-2a_v100_1");
    assertThat(t.gapSeconds()).isEqualTo(600);
    assertThat(t.ticks()).isEqualTo(3895);
    assertThat(t.start()).isEmpty();
    assertThat(t.spotPrice()).isEmpty();
    assertThat(t.counts()).containsOnly(0, 1);
  }

  @Test
  void readsH100TracesWithStartPricesAndMissingProbes() {
    Trace t = TraceReader.read(H100.resolve("us-central1-a.json"));
    assertThat(t.start()).contains(Instant.parse("2025-10-04T00:10:00Z"));
    assertThat(t.spotPrice()).hasValue(18.979);
    assertThat(t.onDemandPrice()).hasValue(82.5254);
    assertThat(t.ticks()).isEqualTo(1049);
    assertThat(t.counts()[746]).isEqualTo(Trace.NO_PROBE);
  }

  @Test
  void aZoneIsAvailableToAGangWhenItsCountReachesTheGangAndMissingProbesRepeatTheLastCount()
      throws IOException {
    write(
        "z.json",
        "{\"metadata\": {\"gap_seconds\": 600, \"price\": {\"spot_per_hour\": 1,"
            + " \"on_demand_per_hour\": 3}}, \"data\": [16, 7, null, 8, 0]}");
    Market gang8 = Market.of(TraceReader.readDirectory(dir), 8, Prices.fromFiles(), dir);
    Market gang1 = Market.of(TraceReader.readDirectory(dir), 1, Prices.fromFiles(), dir);
    assertThat(gang8.available()[0]).containsExactly(true, false, false, true, false);
    assertThat(gang1.available()[0]).containsExactly(true, true, true, true, false);
  }

  @Test
  void zonesAreAlignedByTheirStartTimes() {
    List<Trace> traces = TraceReader.readDirectory(H100);
    Market m = Market.of(traces, 1, Prices.fromFiles(), H100);
    assertThat(m.locations()).hasSize(13).contains("us-east4-a");
    assertThat(m.start()).isEqualTo(Instant.parse("2025-10-04T00:10:00Z"));
    assertThat(m.ticks()).isEqualTo(1049);
    assertThat(m.onDemandPrice()[m.cheapestOnDemand()]).isEqualTo(82.5254);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"metadata\": {}, \"data\": [1]}|metadata.gap_seconds must be a whole number",
        "{\"metadata\": {\"gap_seconds\": 600}, \"data\": []}|data must be a non-empty array",
        "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1, -2]}|data[1] must be a count >= 0",
        "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1, \"x\"]}|data[1] must be a count",
        "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1, 1], \"prices\": [1]}|one price per tick",
        "{\"metadata\": {\"gap_seconds\": 600, \"start_time\": \"soon\"}, \"data\": [1]}|start_time",
        "{\"metadata\": {\"gap_seconds\": 600, \"price\": {\"spot_per_hour\": -1}}, \"data\": [1]}|spot_per_hour must be a price",
        "[1, 2, 3]|must hold a JSON object",
        "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1,|not valid JSON"
      })
  void aBadFileIsReportedWithItsNameAndWhatIsWrong(String content, String problem)
      throws IOException {
    Path file = write("bad-zone.json", content);
    assertThatThrownBy(() -> TraceReader.read(file))
        .isInstanceOf(TraceFormatException.class)
        .hasMessageStartingWith(file.toString() + ": ")
        .hasMessageContaining(problem);
  }

  @Test
  void aDirectoryWithoutTracesIsRefused() {
    assertThatThrownBy(() -> TraceReader.readDirectory(dir))
        .hasMessageContaining(dir.toString())
        .hasMessageContaining("holds no *.json trace file");
    assertThatThrownBy(() -> TraceReader.readDirectory(dir.resolve("absent")))
        .hasMessageContaining("not a directory");
  }

  @Test
  void aTraceWithoutPricesNeedsThemOnTheCommandLine() throws IOException {
    write("plain.json", "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1, 0]}");
    assertThatThrownBy(() -> Market.of(TraceReader.readDirectory(dir), 1, Prices.fromFiles(), dir))
        .hasMessageContaining("plain.json")
        .hasMessageContaining("give --spot-price");
  }

  @Test
  void zonesWithDifferentProbeIntervalsCannotBeUsedTogether() throws IOException {
    write("a.json", "{\"metadata\": {\"gap_seconds\": 600}, \"data\": [1, 0]}");
    write("b.json", "{\"metadata\": {\"gap_seconds\": 300}, \"data\": [1, 0]}");
    assertThatThrownBy(() -> Market.of(TraceReader.readDirectory(dir), 1, Prices.fromFiles(), dir))
        .hasMessageContaining("b.json")
        .hasMessageContaining("gap_seconds 300 differs from 600");
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }
}
