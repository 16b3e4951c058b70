package dev.stratus.hook;

/**
 * Sets nodes DOWN so that a hook that cannot hand a request to the controller does not leave them
 * hanging until ResumeTimeout. Best effort: failures are logged, not thrown.
 */
@FunctionalInterface
interface NodeDowner {
  void setDown(String hostlist, String reason);
}
