package dev.stratus.provider.local;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import java.time.Instant;
import java.util.Map;

/**
 * The local "cloud's" record of one instance, one JSON file each. {@code state} is PENDING while
 * the node's agent runs and RUNNING once slurmd was started. {@code launcher}: the process that
 * claimed it, {@code <pid>@<start time>} ({@link #launcherIsGone}); null in records written before
 * it was kept.
 */
record InstanceRecord(
    String id,
    String cluster,
    String nodeName,
    String address,
    String netns,
    String veth,
    InstanceState state,
    OfferingKey offering,
    Map<String, String> tags,
    String launchedAt,
    String clientToken,
    String launcher) {
  InstanceRecord {
    tags = Map.copyOf(tags);
    if (!LocalNames.ours(netns)) {
      throw new IllegalArgumentException("netns " + netns + " is not one this provider makes");
    }
    Instant.parse(launchedAt);
  }

  InstanceRecord withState(InstanceState newState) {
    return new InstanceRecord(
        id,
        cluster,
        nodeName,
        address,
        netns,
        veth,
        newState,
        offering,
        tags,
        launchedAt,
        clientToken,
        launcher);
  }

  /** This process, as {@code launcher} names it. */
  static String thisProcess() {
    ProcessHandle me = ProcessHandle.current();
    return me.pid() + "@" + me.info().startInstant().map(Instant::toString).orElse("");
  }

  /** The process that claimed the record has exited (a pid reused since does not count). */
  boolean launcherIsGone() {
    if (launcher == null || !launcher.contains("@")) {
      return false;
    }
    long pid = Long.parseLong(launcher.substring(0, launcher.indexOf('@')));
    return ProcessHandle.of(pid)
        .map(
            p ->
                !(p.pid() + "@" + p.info().startInstant().map(Instant::toString).orElse(""))
                    .equals(launcher))
        .orElse(true);
  }

  Instance toInstance() {
    return toInstance(state);
  }

  Instance toInstance(InstanceState shown) {
    return new Instance(id, offering, shown, Instant.parse(launchedAt), address, tags);
  }
}
