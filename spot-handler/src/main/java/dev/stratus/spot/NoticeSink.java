package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.io.IOException;

/**
 * Where a watcher hands a notice: the controller (over HTTP) in production, a list in tests.
 *
 * <p>Contract of {@link #report}: returning normally means the receiver has taken the notice and
 * its deadline into its care; the watcher will not report it again unless {@link #state} later says
 * the receiver holds no notice for the instance. Throwing means the notice was not taken: the
 * watcher reports it again on its next poll. Taking a notice is not handling it: the receiver may
 * still need the node (a job to signal, checkpoint and requeue).
 *
 * <p>Contract of {@link #state}: what the receiver says about the notice for {@code instanceId}:
 * {@link NoticeState#RELEASED} once the node may go, {@link NoticeState#ACTING} while it still
 * needs it, {@link NoticeState#UNKNOWN} when it holds none (it restarted: report again). Throwing
 * means it could not be asked, which never counts as a release. A watcher whose cloud waits for a
 * go-ahead asks it after each accepted report (Azure: {@code StartRequests} lets Azure evict at
 * once, so it is sent only on {@code RELEASED}). The default suits a receiver that has handled each
 * notice by the time {@link #report} returns.
 */
@FunctionalInterface
public interface NoticeSink {
  void report(InterruptionNotice notice) throws IOException;

  default NoticeState state(String instanceId) throws IOException {
    return NoticeState.RELEASED;
  }
}
