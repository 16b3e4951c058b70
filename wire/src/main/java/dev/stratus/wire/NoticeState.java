package dev.stratus.wire;

import java.util.Locale;

/**
 * What the controller says about an instance's notice ({@code GET /v1/notices/{instanceId}}), so a
 * watcher whose cloud waits for a go-ahead (Azure's {@code StartRequests}) gives it only once the
 * node may go.
 */
public enum NoticeState {
  /** The controller holds the notice and is still acting on it: the node must not go yet. */
  ACTING,
  /**
   * The node may go: its job was requeued, or the notice needed nothing more (idle node released,
   * rebalance only reported, instance already gone).
   */
  RELEASED,
  /**
   * The controller holds no notice for the instance: it never got one, or restarted and lost its
   * in-memory inbox, or released it longer ago than it remembers. The watcher should report again.
   */
  UNKNOWN;

  /** The name on the wire: {@code acting}, {@code released}, {@code unknown}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
