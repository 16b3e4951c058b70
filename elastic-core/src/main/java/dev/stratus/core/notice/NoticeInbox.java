package dev.stratus.core.notice;

import dev.stratus.core.model.InterruptionNotice;
import dev.stratus.core.plan.PendingNotice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Notices received and not yet fully acted on, one per instance (a watcher that reports the same
 * notice twice changes nothing). In memory on purpose: see {@link PendingNotice}.
 */
public final class NoticeInbox {
  private final Map<String, PendingNotice> byInstance = new ConcurrentHashMap<>();

  /**
   * Returns true when this is news (the first notice for that instance); {@code receivedAt} is the
   * controller's time of receipt.
   */
  public boolean add(InterruptionNotice notice, Instant receivedAt) {
    PendingNotice fresh = new PendingNotice(notice, receivedAt, Optional.empty(), Optional.empty());
    return byInstance.putIfAbsent(notice.instanceId(), fresh) == null;
  }

  public List<PendingNotice> pending() {
    List<PendingNotice> out = new ArrayList<>(byInstance.values());
    out.sort(Comparator.comparing(p -> p.notice().seenAt()));
    return out;
  }

  public void signalled(String instanceId, Instant at) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) -> new PendingNotice(p.notice(), p.receivedAt(), Optional.of(at), p.requeuedAt()));
  }

  public void requeued(String instanceId, Instant at) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) -> new PendingNotice(p.notice(), p.receivedAt(), p.signalledAt(), Optional.of(at)));
  }

  public void done(String instanceId) {
    byInstance.remove(instanceId);
  }
}
