package dev.stratus.core.plan;

import java.util.List;
import java.util.Set;

/**
 * The interruption notices being acted on, and the jobs signalled for one that have written a
 * checkpoint since ({@code checkpointed}: their requeue need not wait for the grace).
 */
public record NoticeView(List<PendingNotice> notices, Set<Long> checkpointed) {
  public static final NoticeView EMPTY = new NoticeView(List.of(), Set.of());

  public NoticeView {
    notices = List.copyOf(notices);
    checkpointed = Set.copyOf(checkpointed);
  }
}
