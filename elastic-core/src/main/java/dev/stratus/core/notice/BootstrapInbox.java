package dev.stratus.core.notice;

import dev.stratus.wire.BootstrapReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed bootstrap steps reported by nodes and not yet acted on, the latest per node. The next pass
 * takes them all ({@link #drain}); a report about a node that has no instance by then is dropped.
 */
public final class BootstrapInbox {
  private final Map<String, BootstrapReport> failedByNode = new ConcurrentHashMap<>();

  /** Keeps a failed step; true when the pass should be woken. */
  public boolean add(BootstrapReport report) {
    if (report.ok()) {
      return false;
    }
    failedByNode.put(report.node(), report);
    return true;
  }

  public List<BootstrapReport> drain() {
    List<BootstrapReport> out = new ArrayList<>();
    for (String node : List.copyOf(failedByNode.keySet())) {
      BootstrapReport r = failedByNode.remove(node);
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }
}
