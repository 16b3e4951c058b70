package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Keeps the notices it accepted, in order, and answers {@link #state} like the controller: acting
 * on each instance it holds a notice for until {@link #release}d, unknown after a {@link #restart}.
 * Can be told to refuse (a controller that is down): reports and questions then fail.
 */
public final class InMemoryNoticeSink implements NoticeSink {
  private final List<InterruptionNotice> accepted = new CopyOnWriteArrayList<>();
  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private final Set<String> released = ConcurrentHashMap.newKeySet();
  private volatile boolean refusing;

  @Override
  public void report(InterruptionNotice notice) throws IOException {
    failIfRefusing();
    accepted.add(notice);
    held.add(notice.instanceId());
  }

  @Override
  public NoticeState state(String instanceId) throws IOException {
    failIfRefusing();
    if (released.contains(instanceId)) {
      return NoticeState.RELEASED;
    }
    return held.contains(instanceId) ? NoticeState.ACTING : NoticeState.UNKNOWN;
  }

  /** While true, {@link #report} and {@link #state} throw and change nothing. */
  public void refuse(boolean refusing) {
    this.refusing = refusing;
  }

  /** The instance's node may go: its job was requeued. */
  public void release(String instanceId) {
    released.add(instanceId);
  }

  /** Forgets what it held and released, as a restarted controller does; keeps {@link #notices}. */
  public void restart() {
    held.clear();
    released.clear();
  }

  /** Every notice accepted, repeats included, in order. */
  public List<InterruptionNotice> notices() {
    return List.copyOf(accepted);
  }

  private void failIfRefusing() throws IOException {
    if (refusing) {
      throw new IOException("in-memory sink is refusing notices");
    }
  }
}
