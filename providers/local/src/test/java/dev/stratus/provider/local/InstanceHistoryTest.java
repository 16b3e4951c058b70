package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceHistoryTest {
  @TempDir Path state;

  @Test
  void launchAndEndAreAppendedAsOneJsonLineEachWithTheOfferingAndTimes() throws Exception {
    Instant end = Instant.parse("2026-11-21T12:03:07.250Z");
    InstanceHistory history = new InstanceHistory(state, Clock.fixed(end, ZoneOffset.UTC));
    String netns = LocalNames.netns("demo", "gpu-001");
    InstanceRecord r =
        new InstanceRecord(
            "local-0a1b2c3d",
            "demo",
            "gpu-001",
            "10.77.0.11",
            netns,
            LocalNames.veth(netns),
            InstanceState.RUNNING,
            new OfferingKey("local", "local", "rack-a", "local-h100x8", CapacityType.SPOT),
            Map.of(Tags.CLUSTER, "demo"),
            "2026-11-21T12:00:00Z",
            "st-token",
            null);

    history.launched(r);
    history.ended(r);

    List<String> lines = Files.readAllLines(state.resolve("history.jsonl"));
    ObjectMapper json = new ObjectMapper();
    assertThat(lines).hasSize(2);
    assertThat(json.readTree(lines.get(0)).toString())
        .isEqualTo(
            "{\"event\":\"launched\",\"id\":\"local-0a1b2c3d\",\"cluster\":\"demo\","
                + "\"offering\":\"local/local/rack-a/local-h100x8/spot\","
                + "\"at\":\"2026-11-21T12:00:00Z\"}");
    assertThat(json.readTree(lines.get(1)).toString())
        .isEqualTo(
            "{\"event\":\"ended\",\"id\":\"local-0a1b2c3d\",\"cluster\":\"demo\","
                + "\"at\":\"2026-11-21T12:03:07.250Z\"}");
  }
}
