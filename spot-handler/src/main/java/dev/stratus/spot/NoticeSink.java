package dev.stratus.spot;

import dev.stratus.core.model.InterruptionNotice;
import java.io.IOException;

/**
 * Where a watcher hands a notice: the controller (over HTTP) in production, a list in tests.
 *
 * <p>Contract: returning normally means the receiver has taken the notice and its deadline into its
 * care; the watcher will not report it again. For Azure it also lets the watcher acknowledge the
 * event ({@code StartRequests}), which allows Azure to start the eviction at once, so a receiver
 * should return only once it is fine for the node to go. Throwing means the notice was not taken:
 * the watcher reports it again on its next poll.
 */
@FunctionalInterface
public interface NoticeSink {
  void report(InterruptionNotice notice) throws IOException;
}
