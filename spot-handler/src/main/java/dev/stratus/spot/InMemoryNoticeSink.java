package dev.stratus.spot;

import dev.stratus.core.model.InterruptionNotice;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Keeps the notices it accepted, in order; can be told to refuse them (a controller that is down).
 */
public final class InMemoryNoticeSink implements NoticeSink {
  private final List<InterruptionNotice> accepted = new CopyOnWriteArrayList<>();
  private volatile boolean refusing;

  @Override
  public void report(InterruptionNotice notice) throws IOException {
    if (refusing) {
      throw new IOException("in-memory sink is refusing notices");
    }
    accepted.add(notice);
  }

  /** While true, {@link #report} throws and keeps nothing. */
  public void refuse(boolean refusing) {
    this.refusing = refusing;
  }

  public List<InterruptionNotice> notices() {
    return List.copyOf(accepted);
  }
}
