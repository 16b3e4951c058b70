package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each notice to the sink once, keyed by what identifies it in its cloud's format (an Azure
 * EventId, an AWS instance-action time): a metadata item stays up for as long as the notice holds,
 * and every poll sees it again. A refused notice is not remembered, so the next poll retries it.
 */
final class OnceReporter {
  private static final Logger log = LoggerFactory.getLogger(OnceReporter.class);

  private final NoticeSink sink;
  private final Set<String> reported = new HashSet<>();

  OnceReporter(NoticeSink sink) {
    this.sink = sink;
  }

  /** True when the notice was new and the sink accepted it now. */
  synchronized boolean report(String key, InterruptionNotice notice) {
    if (reported.contains(key)) {
      return false;
    }
    try {
      sink.report(notice);
    } catch (IOException | RuntimeException e) {
      log.error(
          "could not report {} notice for {} (will retry): {}",
          notice.kind(),
          notice.instanceId(),
          e.getMessage());
      return false;
    }
    reported.add(key);
    log.info(
        "reported {} notice for {}, deadline {}",
        notice.kind(),
        notice.instanceId(),
        notice.deadline());
    return true;
  }

  /** Reports a notice the receiver says it lost (a restart); true when it took it now. */
  synchronized boolean reportAgain(String key, InterruptionNotice notice) {
    reported.remove(key);
    return report(key, notice);
  }

  synchronized boolean wasReported(String key) {
    return reported.contains(key);
  }
}
