package dev.stratus.core.controller;

import dev.stratus.core.metrics.EventLog;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.wire.InterruptionNotice;
import java.time.Clock;
import java.time.Instant;

/**
 * The controller's own notices: a job moved between capacity types for its deadline, and the work
 * on windowed capacity whose end is near. Each starts the notice chain (signal, drain, requeue,
 * power down) that a cloud's notice starts.
 */
final class ControllerMoves {
  private final NoticeInbox notices;
  private final Clock clock;

  ControllerMoves(NoticeInbox notices, Clock clock) {
    this.notices = notices;
    this.clock = clock;
  }

  /**
   * A deadline move starts the notice chain on each of the job's instances, as the controller's own
   * notice: its requeue is due when the checkpoint lands or the grace ends. The notice lane, woken
   * after the pass, carries it out.
   */
  void move(Action.MoveJob m, Snapshot snapshot) {
    Instant now = clock.instant();
    Instant due = now.plus(snapshot.spot().grace()).plus(snapshot.spot().margin());
    for (String id : m.instanceIds()) {
      notices.addMove(
          new InterruptionNotice(id, InterruptionNotice.Kind.MAINTENANCE, due, now),
          now,
          m.reason());
    }
  }

  /**
   * The end of a reservation or flex run is near: the notice chain moves the node's work, with the
   * end as its deadline (a node that already has a notice keeps that chain).
   */
  void windowEnding(Action.WindowEnding w) {
    Instant now = clock.instant();
    boolean news =
        notices.addMove(
            new InterruptionNotice(
                w.instanceId(), InterruptionNotice.Kind.MAINTENANCE, w.end(), now),
            now,
            w.reason());
    if (news) {
      EventLog.emit(
          "window_ending",
          "node",
          w.node(),
          "instance",
          w.instanceId(),
          "offering",
          w.offering(),
          "end",
          w.end());
    }
  }
}
