package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Watches one cloud's metadata service for interruption notices on the node it runs on.
 *
 * <p>Contract of {@link #poll}: one round against the service; every notice not reported before is
 * handed to the watcher's {@link NoticeSink} (once: later rounds that see it again stay quiet,
 * unless the sink says it lost the notice: the Azure watcher then reports it again); a malformed
 * document is logged as an error and gives no notice; returns the notices reported in this round.
 * It throws only when the service cannot be reached or answers with an unusable status, and the
 * caller ({@link WatcherLoop}) retries with backoff.
 */
public interface NoticeWatcher {
  List<InterruptionNotice> poll() throws IOException, InterruptedException;

  /** How long to wait between rounds (long-polling watchers wait inside {@link #poll}). */
  Duration pause();
}
