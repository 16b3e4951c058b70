package dev.stratus.tests.scale;

import dev.stratus.hook.hostlist.Hostlist;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resume hook's calls, read from the hook log: the nodes slurmctld asked for ("called with
 * [resume, HOSTLIST]"), each call's time from that line to its "spooled" line (the hook's work once
 * its JVM runs), and when the last request was spooled. slurmctld 22.05 logs no line of its own
 * when it runs ResumeProgram, so the time from a job's release to its request is timed from the
 * release.
 */
record HookCalls(Set<String> asked, List<Duration> latencies, Instant lastSpooled) {
  private static final Pattern LINE =
      Pattern.compile(
          "^(\\S+) stratus-hook\\[(\\d+)\\] (?:called with \\[resume, (\\S+)\\]|resume \\S+:"
              + " (spooled))",
          Pattern.MULTILINE);

  static HookCalls read(Path hookLog) throws IOException {
    Map<String, Instant> called = new HashMap<>();
    Set<String> asked = new LinkedHashSet<>();
    List<Duration> latencies = new ArrayList<>();
    Instant last = Instant.EPOCH;
    Matcher m = LINE.matcher(Files.exists(hookLog) ? Files.readString(hookLog) : "");
    while (m.find()) {
      Instant at = Instant.parse(m.group(1));
      if (m.group(3) != null) {
        called.put(m.group(2), at);
        asked.addAll(Hostlist.expand(m.group(3)));
      } else if (called.containsKey(m.group(2))) {
        latencies.add(Duration.between(called.remove(m.group(2)), at));
        last = at.isAfter(last) ? at : last;
      }
    }
    return new HookCalls(asked, latencies, last);
  }

  long maxMillis() {
    return latencies.stream().mapToLong(Duration::toMillis).max().orElse(-1);
  }
}
